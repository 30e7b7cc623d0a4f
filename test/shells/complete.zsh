# Drives zsh's real completion system on a pseudo-terminal (zpty): an interactive `zsh -f` with
# compinit and completions/_wfd, where each line is typed and completed with TAB.
#
#   zsh -f complete.zsh DIR LINE...   DIR holds _wfd: autoloaded from $fpath, as installed
#   WFD_ZSH_SOURCE=1 zsh -f ...        sourced after compinit instead
#
# For each LINE it prints "== LINE", then what completion offered, one line each:
#   W@@<word as it would stand on the line>@@<what the list shows for it>
#   D@@<a description line of the list>     (_describe lists words sharing a description so)
# compadd is wrapped to report each match; the matches are still added, so zsh behaves as it
# does for a person, but nothing is inserted or listed.
zmodload zsh/zpty || exit 2
local dir=$1 line out
shift
zpty -b wfdz zsh -f -i
zpty -w wfdz "stty rows 500 cols 300; PS1=''; RPS1=''; bindkey -e; LISTMAX=100000"
if [[ -n $WFD_ZSH_SOURCE ]]; then
  zpty -w wfdz "autoload -Uz compinit; compinit -u -D; source ${(q)dir}/_wfd"
else
  zpty -w wfdz "fpath=(${(q)dir} \$fpath); autoload -Uz compinit; compinit -u -D"
fi
zpty -w wfdz 'bindkey "^I" complete-word'
# No TAB characters below: typed into the terminal, a TAB would complete.
zpty -w wfdz 'compadd() {
  if [[ ${@[1,(i)(-|--)]} == *-[OAD]\ * ]]; then builtin compadd "$@"; return; fi
  local -a __hits __disp
  local __i=${@[(i)-d]}
  (( __i < $# )) && __disp=("${(@P)${@[__i+1]}}")
  if [[ ${@[1,(i)(-|--)]} == *-E* ]]; then
    for __i in $__disp; do print -r -- "@""@D@@$__i"; done
  else
    builtin compadd -A __hits -D __disp "$@"
    for __i in {1..$#__hits}; do print -r -- "@""@W@@$IPREFIX${__hits[__i]}@@${__disp[__i]}"; done
  fi
  builtin compadd "$@"
}'
# Called once per completion (the array empties itself): marks the end, inserts and lists nothing.
zpty -w wfdz '_wfd_test_end() { compstate[insert]=""; compstate[list]=""; print -r -- "@""@END"; comppostfuncs+=(_wfd_test_end) }; comppostfuncs=(_wfd_test_end)'
for line in "$@"; do
  zpty -n -w wfdz "$line"$'\t'
  zpty -r wfdz out '*@@END*'
  print -r -- "== $line"
  # Lines of the terminal's output that carry a report; the typed line may precede the first.
  for out in ${(M)${(f)${out//$'\r'/}}:#*@@[WD]@@*}; do print -r -- ${out#*@@}; done
  zpty -n -w wfdz $'\C-u'
done
zpty -d wfdz
