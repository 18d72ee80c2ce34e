#!/bin/sh
# Print the consumer x presentation table of the LSMs' own user space as
# markdown, from the "# cell CONSUMER | PRESENTED | VERDICT" lines that
# guest/tests/user_space printed in this run's boots. Columns: each LSM
# alone on stock 6.12, then the composer presenting SELinux, Smack,
# AppArmor (also as the only LSM with process attributes) or the formatted
# view. Two boots that disagree on a cell show both verdicts.
set -eu
. "$(dirname "$0")/common.sh"

logs=$BUILD/logs/boots
for k in "$logs"/*.ktap; do
	[ -f "$k" ] || continue
	boot=$(basename "$k" .ktap)
	grep -q "^$boot|" "$logs/selected" || continue
	tr -d '\r' <"$k" |
		sed -n 's/^ *# cell \(.*\) | \(.*\) | \(.*\)$/\1\t\2\t\3/p' |
		while IFS='	' read -r consumer present verdict; do
			case $boot in
			stock-* | net-stock-* | learning-stock-*) col="alone on stock" ;;
			*) col=$present ;;
			esac
			printf '%s\t%s\t%s\n' "$consumer" "$col" "$verdict"
		done
done | sort -u | awk -F'\t' '
	BEGIN {
		ncol = split("alone on stock\tselinux\tsmack\tapparmor\tformatted", cols, "\t")
		printf "| consumer |"
		for (c = 1; c <= ncol; c++)
			printf " %s |", (c == 1 ? cols[c] : cols[c] " presented")
		printf "\n|---|"
		for (c = 1; c <= ncol; c++) printf "---|"
		printf "\n"
	}
	!($1 in seen) { seen[$1] = 1; order[++n] = $1 }
	{
		key = $1 SUBSEP $2
		if (key in cell)
			cell[key] = cell[key] "; " $3
		else
			cell[key] = $3
	}
	END {
		for (i = 1; i <= n; i++) {
			printf "| %s |", order[i]
			for (c = 1; c <= ncol; c++) {
				key = order[i] SUBSEP cols[c]
				printf " %s |", (key in cell) ? cell[key] : "-"
			}
			printf "\n"
		}
	}'
