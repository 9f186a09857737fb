# bash completion for umpire.  Every candidate comes from `umpire complete`,
# which reads the line up to the cursor, the declarations of the command and
# of the game's rule set (or --rules), and the game itself (units, sides,
# tables, journal; read only), and prints the candidates already quoted for
# the shell: they go into COMPREPLY as they come.  Nothing from a game is
# ever expanded here (no eval, no compgen -W), and nothing is printed.
_umpire()
{
	local IFS=$' \t\n' line bin=umpire reply=()

	COMPREPLY=()
	if [[ -n ${COMP_LINE+set} && -n ${COMP_POINT+set} ]]; then
		line=${COMP_LINE:0:COMP_POINT}
	else
		line="${COMP_WORDS[*]:0:COMP_CWORD+1}"
	fi
	# The umpire typed on the line when it is a path (./umpire), else $PATH's.
	[[ ${COMP_WORDS[0]} == */* && -f ${COMP_WORDS[0]} && -x ${COMP_WORDS[0]} ]] &&
	    bin=${COMP_WORDS[0]}
	type -P -- "$bin" >/dev/null 2>&1 || return 0
	mapfile -t reply < <(COMP_WORDBREAKS=$COMP_WORDBREAKS UMPIRE_BUSY_TIMEOUT=20 \
	    command "$bin" complete "$line" 2>/dev/null)
	case ${reply[0]-} in
	words) COMPREPLY=("${reply[@]:1}") ;;
	nospace) COMPREPLY=("${reply[@]:1}"); compopt -o nospace 2>/dev/null ;;
	files) compopt -o default 2>/dev/null ;;
	esac
	return 0
}
complete -o nosort -F _umpire umpire 2>/dev/null || complete -F _umpire umpire
