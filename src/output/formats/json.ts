/** -o json: one JSON array of the records, pretty-printed and streamed; one object for `get`. */
import { fieldPicker } from '../fields.js';
import { loadFilter } from '../filter.js';
import { jsonArraySink, jsonQuerySink, terminalJson } from '../sinks.js';
import type { Format } from './format.js';

export const json: Format = {
  reader: 'records',
  json: 'document',
  help: "One JSON array of the API's objects (--json is short for -o json), pretty-printed, streamed row by row; an empty result is []. Detail commands print one object.",
  async rows(io, options) {
    const pick = fieldPicker(options.fields);
    const filter = await loadFilter(io, options, true);
    return filter ? jsonQuerySink(io, pick, filter) : jsonArraySink(io, pick);
  },
  async item(io, options, item) {
    const picked = fieldPicker(options.fields)(item);
    const filter = await loadFilter(io, options, true);
    await io.write(filter ? filter(picked) : `${terminalJson(io, JSON.stringify(picked, null, 2))}\n`);
  },
};
