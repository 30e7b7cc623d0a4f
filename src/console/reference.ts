/**
 * The API reference at `/reference`: the sandbox's OpenAPI description rendered by Swagger UI
 * (served by the sandbox, as every file of the console), whose "Try it out" sends requests to
 * this sandbox with the token of the workspace the console acts as. Those requests are the
 * integrator's own: they are logged, limited and may meet faults like any other.
 */
import { h } from './dom.js';
import { mountLayout } from './layout.js';
import { identity, onIdentityChange } from './workspace.js';

interface SwaggerUi {
  preauthorizeApiKey(scheme: string, value: string): void;
}

declare const SwaggerUIBundle: ((options: Record<string, unknown>) => SwaggerUi) & {
  presets: { apis: unknown };
};

const layout = mountLayout();
layout.select('reference');
const root = h('div', { id: 'reference' });
layout.main.append(root);

// Swagger UI's own dark theme, switched with the system's.
const dark = matchMedia('(prefers-color-scheme: dark)');
const followScheme = () => document.documentElement.classList.toggle('dark-mode', dark.matches);
dark.addEventListener('change', followScheme);
followScheme();

void (async () => {
  const description = (await (await fetch('/openapi.json')).json()) as Record<string, unknown>;
  // Whatever name the page was opened by, "try it" goes to this same origin.
  description.servers = [{ url: location.origin, description: 'this sandbox' }];
  const ui = SwaggerUIBundle({
    spec: description,
    domNode: root,
    presets: [SwaggerUIBundle.presets.apis],
    // No request to the public validator: nothing leaves the machine.
    validatorUrl: null,
    deepLinking: true,
    tryItOutEnabled: true,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 0,
  });
  const authorize = async () => ui.preauthorizeApiKey('bearer', (await identity()).token);
  await authorize();
  onIdentityChange(() => void authorize());
})();
