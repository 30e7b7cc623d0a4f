# bash completion for wfd (generated; do not edit)
_wfd() {
  local cur prev path="" words i w candidate
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  case "$prev" in
    --output|-o) COMPREPLY=($(compgen -W "table plain json ndjson csv" -- "$cur")); return ;;
    --parent-status) COMPREPLY=($(compgen -W "draft pending in_progress closed" -- "$cur")); return ;;
    --waiting-for) COMPREPLY=($(compgen -W "none owner contact" -- "$cur")); return ;;
    --rate-limit) COMPREPLY=($(compgen -W "spec off" -- "$cur")); return ;;
  esac
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="${COMP_WORDS[i]}"
    [[ "$w" == -* ]] && continue
    if [[ -z "$path" ]]; then candidate="$w"; else candidate="$path $w"; fi
    case "$candidate" in
      "auth") path="auth" ;;
      "auth login") path="auth login" ;;
      "auth status") path="auth status" ;;
      "auth token") path="auth token" ;;
      "auth logout") path="auth logout" ;;
      "auth profiles") path="auth profiles" ;;
      "auth switch") path="auth switch" ;;
      "workspaces") path="workspaces" ;;
      "workspaces list"|"workspaces ls") path="workspaces list" ;;
      "cases") path="cases" ;;
      "cases list"|"cases ls") path="cases list" ;;
      "cases count") path="cases count" ;;
      "cases get"|"cases view") path="cases get" ;;
      "cases create") path="cases create" ;;
      "cases update-data") path="cases update-data" ;;
      "cases archive") path="cases archive" ;;
      "cases unarchive") path="cases unarchive" ;;
      "case-templates") path="case-templates" ;;
      "case-templates list"|"case-templates ls") path="case-templates list" ;;
      "sandbox") path="sandbox" ;;
      "sandbox start") path="sandbox start" ;;
      "sandbox demo") path="sandbox demo" ;;
      "completion") path="completion" ;;
      "help") path="help" ;;
    esac
  done
  case "$path" in
    "") words="auth workspaces cases case-templates sandbox completion help --version -V --profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
    "auth") words="login status token logout profiles switch --help" ;;
    "auth login") words="--with-token --profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
    "auth status") words="--profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
    "auth token") words="--profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
    "auth logout") words="--profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
    "auth profiles") words="--profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
    "auth switch") words="--profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
    "workspaces") words="list ls --help" ;;
    "workspaces list") words="--profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
    "cases") words="list ls count get view create update-data archive unarchive --help" ;;
    "cases list") words="--template --status --parent-status --archived --no-archived --waiting-for --reference --owner --workspace --contact-given-name --contact-family-name --contact-email --contact --limit -L --all --page --page-size --filter --where --sort --profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
    "cases count") words="--template --status --parent-status --archived --no-archived --waiting-for --reference --owner --workspace --contact-given-name --contact-family-name --contact-email --contact --filter --where --profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
    "cases get") words="--profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
    "cases create") words="--template --title --set --body --dry-run --profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
    "cases update-data") words="--set --body --dry-run --profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
    "cases archive") words="--dry-run --profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
    "cases unarchive") words="--dry-run --profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
    "case-templates") words="list ls --help" ;;
    "case-templates list") words="--title --reference --archived --no-archived --owner --workspace --limit -L --all --page --page-size --filter --where --sort --profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
    "sandbox") words="start demo --help" ;;
    "sandbox start") words="--port --host --seed --cases --rate-limit --no-profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
    "sandbox demo") words="--profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
    "completion") words="--profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
    "help") words="--profile --base-url --output -o --json --fields --query --quiet -q --no-color --no-input --debug --timeout --retries --concurrency --help" ;;
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _wfd wfd
