/**
 * Hints for command lines written from another CLI's habits, shown in place of the generic
 * usage hint when a command line was refused.
 */

/** `id,title` or `owner.email`: what gh's `--json` takes after it. */
const FIELD_LIST = /^[A-Za-z_][\w.]*(?:,[A-Za-z_][\w.]*)*$/;

/** gh's Go templates (`--template`, `-t`) where a command has no such flag. */
const TEMPLATE = /^unknown option "(?:--template|-t)"/;

/**
 * gh's `--json id,title` selects fields; here `--json` is a switch (`-o json`) and the fields
 * have a flag of their own, so the list lands where an argument goes. gh's `--template` has no
 * counterpart: --jq and --query do its job.
 */
export function habitHint(argv: readonly string[], message = ''): string | undefined {
  if (TEMPLATE.test(message) || goTemplateGiven(argv))
    return "wfd has no Go templates: shape the JSON output with --jq (jq's language) or --query (JMESPath)";
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
