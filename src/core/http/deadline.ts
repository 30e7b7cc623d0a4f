/** A time-out as an abort signal (a TimeoutError, as `AbortSignal.timeout` gives) that can be called off. */
export class Deadline {
  readonly #controller = new AbortController();
  readonly #timer: NodeJS.Timeout;

  constructor(ms: number) {
    this.#timer = setTimeout(
      () => this.#controller.abort(new DOMException('The operation timed out', 'TimeoutError')),
      ms,
    ).unref();
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  clear(): void {
    clearTimeout(this.#timer);
  }
}
