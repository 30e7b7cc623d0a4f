/**
 * Test hooks of fault injection: routes outside `/v1` that need no token.
 *
 *   GET /_sandbox/faults  {faults, slow_ms}: the faults in force, as `--faults` writes them
 *   PUT /_sandbox/faults  {faults, slow_ms?}: puts others in force and restarts the seeded draws
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { invalid } from '../errors.js';
import { parseBody } from '../validation.js';
import { formatFaults, MAX_SLOW_MS, parseFaults } from './config.js';
import type { FaultInjector, FaultSettings } from './injector.js';

const FaultsBody = z.strictObject({
  faults: z.string(),
  slow_ms: z.number().int().min(0).max(MAX_SLOW_MS).optional(),
});

/** Registers the `/_sandbox/faults` routes. */
export function registerFaultTestHooks(app: FastifyInstance, injector: FaultInjector): void {
  app.get('/_sandbox/faults', async () => settingsView(injector.settings));

  app.put('/_sandbox/faults', async (req) => {
    const body = parseBody(FaultsBody, req.body);
    let rates: FaultSettings['rates'];
    try {
      rates = parseFaults(body.faults);
    } catch (error) {
      throw invalid('Invalid request body', [
        { message: (error as Error).message, path: ['faults'], type: 'invalid_value' },
      ]);
    }
    injector.configure({ rates, slowMs: body.slow_ms ?? injector.settings.slowMs });
    return settingsView(injector.settings);
  });
}

function settingsView(settings: FaultSettings) {
  return { faults: formatFaults(settings.rates), slow_ms: settings.slowMs };
}
