/**
 * The authorize pages: sign in with an e-mail, choose a workspace and decide,
 * and the error page. Plain HTML forms, no script: labels tied to fields, one
 * `<main>` with a heading, autofocus on the first field, errors tied to their
 * field with aria-describedby and named in the title.
 */
import type { OwnerRecord, WorkspaceRecord } from '../store.js';
import { Html, html } from './html.js';
import { OFFLINE_ACCESS } from './scopes.js';

/** The hidden fields every form posts back: the session and this page's anti-CSRF value. */
export interface FormState {
  readonly session: string;
  readonly csrf: string;
  readonly clientId: string;
}

export function signInPage(
  form: FormState,
  users: readonly OwnerRecord[],
  entered?: { email: string; error: string },
): Html {
  const described = entered ? 'email-error email-hint' : 'email-hint';
  return page(
    'Sign in',
    entered?.error,
    html`<h1>Sign in</h1>
<p>The application <strong>${form.clientId}</strong> asks for access to one of your workspaces.</p>
<form method="post" action="/authorize/sign-in">
${hiddenFields(form)}
<div class="field">
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="email" required autofocus aria-describedby="${described}"${entered ? html` aria-invalid="true" value="${entered.email}"` : ''}>
${entered ? html`<p id="email-error" class="error">${entered.error}</p>` : ''}
<p id="email-hint" class="hint">The sandbox needs no password. Its users: ${users.map((u) => u.email).join(', ')}.</p>
</div>
<button type="submit">Continue</button>
</form>`,
  );
}

export function consentPage(
  form: FormState,
  user: OwnerRecord,
  workspaces: readonly WorkspaceRecord[],
  scopes: readonly string[],
  error?: string,
): Html {
  const choices = workspaces.map(
    (workspace, i) => html`<div class="choice">
<input type="radio" id="workspace-${i + 1}" name="workspace" value="${workspace.id}"${i === 0 ? html` checked autofocus` : ''}>
<label for="workspace-${i + 1}">${workspace.name} <span class="hint">(${workspace.slug})</span></label>
</div>`,
  );
  return page(
    `Authorize ${form.clientId}`,
    error,
    html`<h1>Authorize ${form.clientId}</h1>
<p>Signed in as <strong>${user.name}</strong> (${user.email}).</p>
<form method="post" action="/authorize/consent">
${hiddenFields(form)}
<fieldset${error ? html` aria-describedby="workspace-error"` : ''}>
<legend>Workspace to give access to</legend>
${error ? html`<p id="workspace-error" class="error">${error}</p>` : ''}
${choices}
</fieldset>
<p><strong>${form.clientId}</strong> will be able to read and change the cases, forms and documents of
that workspace as you${scopes.includes(OFFLINE_ACCESS) ? ', and keep this access until it is revoked' : ''}.</p>
<div class="actions">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</div>
</form>`,
  );
}

/** Shown instead of redirecting, when the redirect itself cannot be trusted or the form is stale. */
export function errorPage(message: string): Html {
  return page(
    'Authorization failed',
    message,
    html`<h1>Authorization failed</h1>
<p class="error">${message}</p>
<p>Nothing was authorized. Return to the application and start again.</p>`,
  );
}

function hiddenFields(form: FormState): Html {
  return html`<input type="hidden" name="session" value="${form.session}">
<input type="hidden" name="csrf" value="${form.csrf}">`;
}

const STYLE = `
body { font: 1rem/1.5 system-ui, sans-serif; color: #1f2937; background: #fff; margin: 0; }
main { max-width: 34rem; margin: 3rem auto; padding: 0 1rem; }
h1 { font-size: 1.5rem; }
label, legend { display: block; font-weight: 600; }
input[type=email] { display: block; width: 100%; box-sizing: border-box; font: inherit; padding: .5rem; margin: .25rem 0; border: 1px solid #4b5563; border-radius: 4px; }
fieldset { border: 1px solid #d1d5db; border-radius: 4px; padding: .75rem 1rem; margin: 0 0 1rem; }
.choice { display: flex; gap: .5rem; align-items: center; margin: .25rem 0; }
.choice label { font-weight: normal; }
.hint { color: #4b5563; font-size: .9rem; }
.error { color: #b91c1c; font-weight: 600; }
[aria-invalid=true] { border-color: #b91c1c; }
button { font: inherit; padding: .5rem 1.25rem; border-radius: 4px; border: 1px solid #1d4ed8; background: #1d4ed8; color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: #1d4ed8; }
.actions { display: flex; gap: .75rem; }
:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
`;

function page(title: string, error: string | undefined, body: Html): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${error ? 'Error: ' : ''}${title} &middot; wfd sandbox</title>
<style>${new Html(STYLE)}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
