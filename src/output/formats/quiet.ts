/** -q, whatever the format: each record's id on a line of its own; a record without one prints nothing. */
import { plainText } from '../cells.js';
import { quietSink } from '../sinks.js';
import type { Printer } from './format.js';

export const quiet: Printer = {
  async rows(io, options) {
    return quietSink(io, options.idField);
  },
  async item(io, options, item) {
    const id = item[options.idField ?? 'id'];
    if (id !== null && id !== undefined) await io.write(`${plainText(id)}\n`);
  },
};
