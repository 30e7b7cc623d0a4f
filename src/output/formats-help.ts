/** The text of `wfd help formats`: each format's paragraph, in the order of OUTPUT_FORMATS, then the flags that shape them. */
import { OUTPUT_FORMATS } from '../global-options.js';
import { FORMATS } from './formats/index.js';

export const FORMATS_HELP = `Output formats (-o, --output FORMAT)

${OUTPUT_FORMATS.map((name) => `${name}${' '.repeat(Math.max(2, 8 - name.length))}${FORMATS[name].help}`).join('\n\n')}

--fields a,b,c.d   The columns of table, plain and csv; for json and ndjson, the keys kept in each object, nested paths included (id,owner.email gives {"id": ..., "owner": {"email": ...}}); a missing path becomes null.
--query EXPR       A JMESPath expression over the JSON output: the whole array with json, each object with ndjson. With table or plain it switches the output to json; it cannot be combined with csv.
--jq PROGRAM       A jq program over the same JSON, as gh's --jq: jq's language and semantics (jq 1.8, built in), printed as jq -r prints (strings bare). Not with --query or csv.
-q, --quiet        Only the id of each object, one per line, whatever the format.
`;
