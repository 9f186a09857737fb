# bash completion for umpire: commands, options (the game's rule set's,
# or --rules), modifier names after --mod and its kin, unit names after
# the options that name units, rule sets after --rules.  The candidates
# come from `umpire complete`, so they follow the game and its tables.
_umpire()
{
	local cur prev words cword
	_init_completion -n : 2>/dev/null || {
		cur=${COMP_WORDS[COMP_CWORD]}
		prev=${COMP_WORDS[COMP_CWORD-1]}
		words=("${COMP_WORDS[@]}")
		cword=$COMP_CWORD
	}
	local globals=() command="" i
	for ((i = 1; i < cword; i++)); do
		case ${words[i]} in
		--db|--rules) globals+=("${words[i]}" "${words[i+1]}"); ((i++)) ;;
		--json) ;;
		-*) ;;
		*) [ -z "$command" ] && command=${words[i]} ;;
		esac
	done
	local IFS=$'\n'
	case $prev in
	--rules)
		COMPREPLY=($(compgen -W "$(umpire complete rules 2>/dev/null)" -- "$cur"))
		return ;;
	--db|--html|import|export)
		COMPREPLY=($(compgen -f -- "$cur"))
		return ;;
	--mod|--*-mod|--efc-mod)
		COMPREPLY=($(compgen -W "$(umpire "${globals[@]}" complete mods "$command" 2>/dev/null | sort -u)" -- "$cur"))
		return ;;
	--unit|--target|--attacker|--defender|--parent|--passed|--square-mates|--general|show|set|rm)
		local names
		names=$(umpire "${globals[@]}" complete units 2>/dev/null)
		COMPREPLY=($(compgen -W "$names" -- "$cur"))
		COMPREPLY=("${COMPREPLY[@]// /\\ }")
		return ;;
	esac
	if [ -z "$command" ]; then
		COMPREPLY=($(compgen -W "$(umpire complete commands 2>/dev/null)
--db
--rules
--json
--help
--version" -- "$cur"))
		return
	fi
	if [ "$command" = odds ] || [ "$command" = help ]; then
		local sub="" j
		for ((j = 1; j < cword; j++)); do
			[ "${words[j]}" = "$command" ] && sub=${words[j+1]}
		done
		if [ -z "$sub" ] || [ "$sub" = "$cur" ]; then
			COMPREPLY=($(compgen -W "fire
melee
morale
rally
fatigue
move" -- "$cur"))
			return
		fi
		command=$sub
	fi
	COMPREPLY=($(compgen -W "$(umpire "${globals[@]}" complete options "$command" 2>/dev/null)" -- "$cur"))
}
complete -F _umpire umpire
