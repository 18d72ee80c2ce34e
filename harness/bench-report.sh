#!/bin/sh
# bench-report.sh RESULTS.csv OUTDIR: the side-by-side table (markdown),
# the stability check of the two runs, and the plot.
set -eu
csv=$1 out=$2

# Runs must agree exactly; otherwise the figure is marked unstable.
awk -F, 'NR > 1 { v[$1 "," $3 "," $2] = $4; k[$1 "," $3] = 1 }
	END { bad = 0
		for (x in k) if (v[x ",1"] != v[x ",2"]) {
			print "unstable: " x ": " v[x ",1"] " vs " v[x ",2"]; bad++ }
		print bad ? bad " unstable figures" : "all figures repeat exactly" }' \
	"$csv" >"$out/stability.txt"

awk -F, -v stab="$(tail -1 "$out/stability.txt")" -v base="${BASE:-6.12}" '
NR > 1 && $2 == 1 { ns[$1, $3] = $4; if (!($3 in seen)) { seen[$3] = 1; ops[++n] = $3 } }
function r(a, b) { return b > 0 ? sprintf("%.4f", a / b) : "-" }
END {
	split("none apparmor selinux smack tomoyo default", sets, " ")
	print "## Composer against stock " base " (ns per operation under -icount; ratio composer/stock)\n"
	printf "| op |"; for (s = 1; s <= 6; s++) printf " %s stock | composer | ratio |", sets[s]; print ""
	printf "|---|"; for (s = 1; s <= 6; s++) printf "---|---|---|"; print ""
	for (i = 1; i <= n; i++) {
		o = ops[i]; printf "| %s |", o
		for (s = 1; s <= 6; s++) {
			a = ns["stock-" sets[s], o]; b = ns["composer-" sets[s], o]
			printf " %s | %s | %s |", a, b, r(b, a)
		}
		print ""
	}
	print "\n## Every LSM at once against the additive prediction\n"
	print "prediction = none + sum over landlock, yama, selinux, smack, tomoyo, apparmor of (alone - none)\n"
	print "| op | none | prediction | all (hooks=all) | ratio | all (hooks=first) | ratio | all/first | all, Smack first | ratio |"
	print "|---|---|---|---|---|---|---|---|---|---|"
	split("landlock yama selinux smack tomoyo apparmor", lsm, " ")
	for (i = 1; i <= n; i++) {
		o = ops[i]; base = ns["composer-none", o]; p = base
		for (l = 1; l <= 6; l++) p += ns["composer-" lsm[l], o] - base
		a = ns["composer-all", o]; f = ns["composer-all-first", o]
		sf = ns["composer-all-smack-first", o]
		printf "| %s | %s | %.1f | %s | %s | %s | %s | %s | %s | %s |\n", o, base, p, a, r(a, p), f, r(f, p), r(a, f), sf, r(sf, p)
	}
	if (("pad-none", ops[1]) in ns) {
		# A change that runs no instruction of an operation bounds
		# what time can tell apart in it: "band" is the farthest
		# such a ratio lies from 1.
		print "\n## Layout control: stock with 2 KiB of code that never runs (ratio padded/stock)\n"
		printf "| op |"; for (s = 1; s <= 6; s++) printf " %s |", sets[s]; print " band |"
		printf "|---|"; for (s = 1; s <= 6; s++) printf "---|"; print "---|"
		for (i = 1; i <= n; i++) {
			o = ops[i]; printf "| %s |", o; band = -1
			for (s = 1; s <= 6; s++) {
				a = ns["stock-" sets[s], o]; b = ns["pad-" sets[s], o]
				printf " %s |", r(b, a)
				if (a > 0 && b > 0) { d = b / a - 1; d = d < 0 ? -d : d; if (d > band) band = d }
			}
			print band < 0 ? " - |" : sprintf(" %.4f |", band)
		}
	}
	print "\nStability: " stab
}' "$csv" >"$out/table.md"

# How far the allocator states spread each figure of stock, against the
# figure itself (their median, results.csv): the floor under a difference
# between kernels in an operation that allocates.
states=$(dirname "$csv")/states.csv
[ -f "$states" ] && awk -F, 'FNR == 1 { file++; next }
	$2 != 1 || $1 !~ /^stock-/ { next }
	file == 1 { fig[$1, $3] = $4; next }
	{ k = $1 SUBSEP $4; x = $5 + 0
		if (!(k in lo) || x < lo[k]) lo[k] = x
		if (!(k in hi) || x > hi[k]) hi[k] = x
		if (!($4 in seen)) { seen[$4] = 1; ops[++m] = $4 } }
function spread(c, o,   k) {
	k = c SUBSEP o
	return (k in lo) && fig[c, o] > 0 ? sprintf("%.4f", (hi[k] - lo[k]) / fig[c, o]) : "-"
}
END {
	split("none apparmor selinux smack tomoyo default", sets, " ")
	print "\n## Allocator states: how far they spread stock'"'"'s figures ((max - min) / median over the states)\n"
	printf "| op |"; for (s = 1; s <= 6; s++) printf " %s |", sets[s]; print ""
	printf "|---|"; for (s = 1; s <= 6; s++) printf "---|"; print ""
	for (i = 1; i <= m; i++) {
		printf "| %s |", ops[i]
		for (s = 1; s <= 6; s++) printf " %s |", spread("stock-" sets[s], ops[i])
		print ""
	}
}' "$csv" "$states" >>"$out/table.md"

# Plot: ns per op for a few configurations, one cluster per operation.
cols="stock-none composer-none stock-default composer-default composer-all composer-all-first"
awk -F, -v cols="$cols" 'NR > 1 && $2 == 1 { ns[$1, $3] = $4
		if (!($3 in seen)) { seen[$3] = 1; ops[++n] = $3 } }
	END { c = split(cols, col, " "); printf "op"
		for (j = 1; j <= c; j++) printf " %s", col[j]; print ""
		for (i = 1; i <= n; i++) { printf "%s", ops[i]
			for (j = 1; j <= c; j++) printf " %s", ns[col[j], ops[i]]; print "" } }' \
	"$csv" >"$out/plot.dat"
gnuplot <<EOG || echo "gnuplot failed; no plot" >&2
set terminal png size 1400,700 noenhanced
set output "$out/bench.png"
set title "LSM composer vs stock ${BASE:-6.12}: ns per operation under -icount (log scale)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8
set logscale y
set xtics rotate by -30
set key outside right
plot for [i=2:7] "$out/plot.dat" using i:xtic(1) title columnheader(i)
EOG
# The denial path: one LSM denies an open, alone and among every LSM.
awk -F, 'NR > 1 && $2 == 1 && $3 == "open_denied" { ns[$1] = $4 }
function d(a, b) { return (a != "" && b != "") ? sprintf("%.1f", a - b) : "-" }
END {
	print "\n## The denial path (ns per denied open under -icount)\n"
	print "The policy of one LSM denies the open (guest/tests/bench, bench_deny=); the"
	print "others are active without a policy. \"noaudit\" drops every AVC record"
	print "with an audit exclude filter before it is formatted.\n"
	print "| LSM that denies | stock, alone | composer, alone | every LSM, hooks=all | every LSM, hooks=first | the others after the denial (all - first) | its record, alone (stock - noaudit) | every LSM noaudit | records, every LSM (all - noaudit) |"
	print "|---|---|---|---|---|---|---|---|---|"
	split("selinux smack apparmor", l, " ")
	for (i = 1; i <= 3; i++) {
		p = "deny-" l[i] "-"
		if (!((p "stock") in ns)) continue
		printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", l[i],
			ns[p "stock"], ns[p "composer"], ns[p "all"], ns[p "first"],
			d(ns[p "all"], ns[p "first"]),
			d(ns[p "stock"], ns[p "stock-noaudit"]),
			ns[p "all-noaudit"], d(ns[p "all"], ns[p "all-noaudit"])
	}
	print "\nWithout the record (noaudit), alone: the decision itself.\n"
	print "| LSM that denies | stock | composer | composer - stock |"
	print "|---|---|---|---|"
	for (i = 1; i <= 3; i++) {
		p = "deny-" l[i] "-"
		if (!((p "stock-noaudit") in ns)) continue
		printf "| %s | %s | %s | %s |\n", l[i], ns[p "stock-noaudit"],
			ns[p "composer-noaudit"],
			d(ns[p "composer-noaudit"], ns[p "stock-noaudit"])
	}
}' "$csv" >>"$out/table.md"

# Scaling: each operation with 0, 1, 2, 4 and 7 LSMs besides capability.
scale="composer-none:0 composer-landlock:1 composer-n2:2 composer-n4:4 composer-all:7"
awk -F, -v scale="$scale" -v dat="$out/scaling.dat" '
NR > 1 && $2 == 1 { ns[$1, $3] = $4; if (!($3 in seen) && $3 != "open_denied") { seen[$3] = 1; ops[++n] = $3 } }
END {
	c = split(scale, sc, " ")
	for (j = 1; j <= c; j++) { split(sc[j], kv, ":"); cfg[j] = kv[1]; num[j] = kv[2] }
	print "\n## One operation with 0, 1, 2, 4 and 7 LSMs (ns per op; no LSM has a policy)\n"
	print "0: capability only; 1: Landlock; 2: + Lockdown; 4: + Yama, TOMOYO;"
	print "7: + SELinux, Smack, AppArmor (`composer-all`). Plot: `bench-scaling.png`.\n"
	printf "| op |"; for (j = 1; j <= c; j++) printf " %s |", num[j]; print " 7 - 0 |"
	printf "|---|"; for (j = 1; j <= c; j++) printf "---|"; print "---|"
	printf "LSMs" > dat; for (i = 1; i <= n; i++) printf " %s", ops[i] > dat; print "" > dat
	for (i = 1; i <= n; i++) {
		printf "| %s |", ops[i]
		for (j = 1; j <= c; j++) printf " %s |", ns[cfg[j], ops[i]]
		printf " %.1f |\n", ns[cfg[c], ops[i]] - ns[cfg[1], ops[i]]
	}
	for (j = 1; j <= c; j++) {
		printf "%s", num[j] > dat
		for (i = 1; i <= n; i++) printf " %.1f", ns[cfg[j], ops[i]] - ns[cfg[1], ops[i]] > dat
		print "" > dat
	}
}' "$csv" >>"$out/table.md"
gnuplot <<EOG || echo "gnuplot failed; no scaling plot" >&2
set terminal png size 1000,600 noenhanced
set output "$out/bench-scaling.png"
set title "Cost over capability alone (ns per operation under -icount) against the number of LSMs"
set xlabel "active LSMs besides capability (none with a policy)"
set ylabel "ns per operation over capability alone"
set xtics (0, 1, 2, 4, 7)
set key outside right
set style data linespoints
plot for [i=2:9] "$out/scaling.dat" using 1:i title columnheader(i)
EOG
cat "$out/table.md"
# The same plot on the terminal, for read, stat and open.
echo
gnuplot <<EOG || echo "gnuplot failed; no terminal plot" >&2
set terminal dumb 100 28
set title "ns per operation over capability alone, against the number of LSMs"
set xtics (0, 1, 2, 4, 7)
set key left top
plot "$out/scaling.dat" using 1:3 title "open_close" with linespoints, \
	"$out/scaling.dat" using 1:4 title "stat" with linespoints, \
	"$out/scaling.dat" using 1:5 title "read_1" with linespoints
EOG
