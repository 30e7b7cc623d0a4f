/**
 * Hints for command lines written from another CLI's habits, shown in place of the error's own
 * hint (or the generic usage hint) when a command line was refused or failed.
 */
import { UsageError, type WfdError } from '../core/errors.js';

/** `id,title` or `owner.email`: what gh's `--json` takes after it. */
const FIELD_LIST = /^[A-Za-z_][\w.]*(?:,[A-Za-z_][\w.]*)*$/;

/** gh's Go templates (`--template`, `-t`) where a command has no such flag. */
const TEMPLATE = /^unknown option "(?:--template|-t)"/;

/**
 * gh's commands and flags that wfd has in another form: the refusal, what to use, and the noun
 * the command line must name for the hint to apply (any when absent).
 */
const OTHER_HABITS: readonly (readonly [RegExp, string, string?])[] = [
  [
    /^unknown command "browse"|^unknown option "(?:--web|-w)"/,
    'the API has no web pages for wfd to open: `wfd cases get <id>` or `wfd forms get <id>` shows a record here (-o json: all of it)',
  ],
  [
    /^unknown option "--hostname"/,
    'wfd names the server with --base-url, the API host root without /v1: `wfd auth login --base-url https://api.example.com`',
  ],
  [
    /^unknown option "(?:-s|--shell)"/,
    'the shell is an argument here, not a flag: `wfd completion bash` (or zsh, fish); `source <(wfd completion bash)` loads it now',
    'completion',
  ],
];

/** What starts a jq program more than an id or a name: `.data[0].id`, `.[]`, `map(.id)`, `a | b`. */
const JQ_PROGRAM = /^(?:\.|\[|(?:map|select|keys|length|first|last|to_entries)\b)|\|/;

/**
 * gh's `--json id,title` selects fields; here `--json` is a switch (`-o json`) and the fields
 * have a flag of their own, so the list lands where an argument goes. gh's `--template` has no
 * counterpart: --jq and --query do its job. gh's `-q` is --jq (here it is in `wfd api` only;
 * elsewhere --quiet), and gh api's `--slurp` merges pages, which wfd's --paginate does alone.
 */
export function habitHint(argv: readonly string[], error: WfdError): string | undefined {
  // `cases archive -q .title` fails looking `.title` up: the habit is the cause there too.
  const quiet = argv.findIndex((word) => word === '-q' || word === '--quiet');
  const program = quiet >= 0 ? argv[quiet + 1] : undefined;
  if (program !== undefined && JQ_PROGRAM.test(program))
    return `-q is --quiet here (ids only); a jq program goes to --jq, as \`--jq '${program.replaceAll("'", "'\\''")}'\` (wfd api takes -q as gh api does)`;
  if (!(error instanceof UsageError)) return undefined;
  const { message } = error;
  if (TEMPLATE.test(message) || goTemplateGiven(argv))
    return "wfd has no Go templates: shape the JSON output with --jq (jq's language) or --query (JMESPath)";
  const other = OTHER_HABITS.find(
    ([pattern, , noun]) => pattern.test(message) && (noun === undefined || argv.includes(noun)),
  );
  if (other) return other[1];
  if (message.startsWith('unknown option "--slurp"'))
    return "wfd's --paginate already merges the pages into one JSON array (gh's --paginate --slurp): leave --slurp out; --jq then sees that array (`.[]`, `length`)";
  const at = argv.indexOf('--json');
  const fields = at >= 0 ? argv[at + 1] : undefined;
  if (fields === undefined || !FIELD_LIST.test(fields)) return undefined;
  return `--json takes no field list here: use \`-o json --fields ${fields}\``;
}

/**
 * A Go template (`{{.id}}`) given to `--template`/`-t`, where the command has such a flag of its
 * own (`cases list --template` takes a case template's id) and refused the value.
 */
function goTemplateGiven(argv: readonly string[]): boolean {
  const at = argv.findIndex(
    (word) => word === '-t' || word === '--template' || word.startsWith('--template='),
  );
  if (at < 0) return false;
  const value = argv[at]!.startsWith('--template=') ? argv[at]!.slice('--template='.length) : argv[at + 1];
  return value?.includes('{{') === true;
}
