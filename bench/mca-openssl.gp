# The picture of bench/mca-openssl.sh: llvm-mca cycles a byte by core model, armsha beside
# OpenSSL's shipped loop, one panel per kernel (arm64) and one for the armhf kernels.
#   gnuplot -e "data='DAT'; out='SVG'; title='...'" bench/mca-openssl.gp
set terminal svg size 1100,1500 dynamic font "sans,11" background "white"
set output out
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set grid ytics
set ylabel "cycles / byte"
set xtics rotate by -35 left nomirror
set key top right
set yrange [0:*]
set multiplot layout 4,1 title title
set title "arm64 SHA-1 (Crypto Extension)"
plot data index 0 using 2:xtic(1) title "armsha" lc rgb "#1f77b4", '' index 0 using 3 title "OpenSSL" lc rgb "#aaaaaa"
set title "arm64 SHA-256 (Crypto Extension)"
plot data index 1 using 2:xtic(1) title "armsha" lc rgb "#1f77b4", '' index 1 using 3 title "OpenSSL" lc rgb "#aaaaaa"
set title "arm64 SHA-512 (ARMv8.2 SHA512 instructions)"
plot data index 2 using 2:xtic(1) title "armsha" lc rgb "#1f77b4", '' index 2 using 3 title "OpenSSL" lc rgb "#aaaaaa"
set title "armhf (AArch32 Crypto Extension and NEON)"
plot data index 3 using 2:xtic(1) title "armsha" lc rgb "#1f77b4", '' index 3 using 3 title "OpenSSL" lc rgb "#aaaaaa"
unset multiplot
