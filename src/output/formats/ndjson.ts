/** -o ndjson: one compact JSON object a line, streamed. */
import { fieldPicker } from '../fields.js';
import { loadFilter } from '../filter.js';
import { ndjsonSink, terminalJson } from '../sinks.js';
import type { Format } from './format.js';

export const ndjson: Format = {
  reader: 'records',
  json: 'lines',
  help: 'One compact JSON object per line, streamed, for very large exports and line tools.',
  async rows(io, options) {
    const pick = fieldPicker(options.fields);
    const filter = await loadFilter(io, options, false);
    return ndjsonSink(io, pick, filter);
  },
  async item(io, options, item) {
    const picked = fieldPicker(options.fields)(item);
    const filter = await loadFilter(io, options, false);
    await io.write(filter ? filter(picked) : `${terminalJson(io, JSON.stringify(picked))}\n`);
  },
};
