/**
 * Faults and limits: the faults injected into `/v1` requests and the rate limits in force, and
 * forms that change them while the sandbox runs (the state `--faults`, `--slow-ms` and
 * `--rate-limit` set at start), so an integrator can watch their retries meet a 503 or a 429.
 */
import { copyLine, fill, h, onSubmit } from './dom.js';
import { hook } from './sandbox.js';
import type { View } from './view.js';

interface Faults {
  faults: string;
  slow_ms: number;
}

const PRESETS: ReadonlyArray<[string, string]> = [
  ['off', 'None'],
  ['503:1', 'Every request: 503'],
  ['429:0.1,503:0.05,reset:0.02,slow:0.02', 'A bad network'],
];

export function faultsView(main: HTMLElement): View {
  const faults = h('input', { id: 'faults', spellcheck: 'false', 'aria-describedby': 'faults-help' });
  const slowMs = h('input', { id: 'slow-ms', type: 'number', min: 0, max: 600000, step: 100 });
  const rateLimit = h('input', {
    id: 'rate-limit',
    spellcheck: 'false',
    'aria-describedby': 'rate-limit-help',
  });
  const inForce = h('p', { class: 'in-force', role: 'status' });
  const startLine = h('div', { class: 'command' });
  const problem = h('p', { class: 'error', role: 'alert' });

  const apply = async (change: () => Promise<unknown>) => {
    try {
      await change();
      fill(problem);
    } catch (error) {
      fill(problem, (error as Error).message);
    }
    await refresh();
  };
  const putFaults = () =>
    apply(() =>
      hook('/_sandbox/faults', {
        method: 'PUT',
        body: { faults: faults.value.trim(), slow_ms: Number(slowMs.value) },
      }),
    );
  const putRateLimit = () =>
    apply(() =>
      hook('/_sandbox/rate-limit', { method: 'PUT', body: { rate_limit: rateLimit.value.trim() } }),
    );

  fill(
    main,
    h('h1', {}, 'Faults and limits'),
    inForce,
    problem,
    faultsForm(faults, slowMs, putFaults),
    rateLimitForm(rateLimit, putRateLimit),
    h('h2', {}, 'The same at start'),
    startLine,
  );

  async function refresh(): Promise<void> {
    const [now, limit] = await Promise.all([
      hook<Faults>('/_sandbox/faults'),
      hook<{ rate_limit: string }>('/_sandbox/rate-limit'),
    ]);
    faults.value = now.faults;
    slowMs.value = String(now.slow_ms);
    rateLimit.value = limit.rate_limit;
    fill(
      inForce,
      'In force: faults ',
      h('code', {}, now.faults),
      now.faults === 'off' ? '' : `, slow answers held ${now.slow_ms} ms`,
      '; rate limit ',
      h('code', {}, limit.rate_limit),
      '.',
    );
    fill(
      startLine,
      copyLine(
        `wfd sandbox start --faults ${now.faults} --slow-ms ${now.slow_ms} --rate-limit ${limit.rate_limit}`,
        'wfd sandbox start command',
      ),
    );
  }
  void refresh();

  return { show() {}, close() {} };
}

/** The form of the fault mix and slowness, with presets that apply at once. */
function faultsForm(
  faults: HTMLInputElement,
  slowMs: HTMLInputElement,
  put: () => Promise<void>,
): HTMLElement {
  return h(
    'form',
    { class: 'settings', onsubmit: onSubmit(put) },
    h('h2', {}, 'Faults'),
    h('label', { for: 'faults' }, 'Faults of /v1 requests'),
    faults,
    h(
      'p',
      { id: 'faults-help', class: 'hint' },
      'off, or NAME:SHARE pairs drawn from the seed: 429, 500, 502, 503, 504, reset (the request is processed, the answer cut), slow (the answer held back). 503:1 makes every request meet a 503.',
    ),
    h('label', { for: 'slow-ms' }, 'Slow answers wait (ms)'),
    slowMs,
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'submit' }, 'Apply faults'),
      ...PRESETS.map(([spec, label]) =>
        h(
          'button',
          {
            type: 'button',
            class: 'secondary',
            onclick: () => {
              faults.value = spec;
              void put();
            },
          },
          label,
        ),
      ),
    ),
  );
}

/** The form of the rate limit. */
function rateLimitForm(rateLimit: HTMLInputElement, put: () => Promise<void>): HTMLElement {
  return h(
    'form',
    { class: 'settings', onsubmit: onSubmit(put) },
    h('h2', {}, 'Rate limit'),
    h('label', { for: 'rate-limit' }, 'Rate limit'),
    rateLimit,
    h(
      'p',
      { id: 'rate-limit-help', class: 'hint' },
      "spec (the API's: 100 requests a minute per token, 1,000 an hour per client), off, or N/DURATION per token such as 20/10s (and ten times that per 60 durations per client). A change counts from now.",
    ),
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Apply rate limit')),
  );
}
