# The picture of bench/mca-openssl.sh: llvm-mca cycles a byte by core model, armsha beside
# OpenSSL's shipped loop, one panel per kernel (arm64), one for the armhf kernels, and one for
# cores without SHA instructions (Raspberry Pi 3/4: bench/mca-nosha.sh's data, armsha against
# OpenSSL as dispatched there, llvm-mca and the in-order Cortex-A53 model).
#   gnuplot -e "data='DAT'; nosha='DAT'; out='SVG'; title='...'" bench/mca-openssl.gp
set terminal svg size 1100,1900 dynamic font "sans,11" background "white"
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
set multiplot layout 5,1 title title
set title "arm64 SHA-1 (Crypto Extension)"
plot data index 0 using 2:xtic(1) title "armsha" lc rgb "#1f77b4", '' index 0 using 3 title "OpenSSL" lc rgb "#aaaaaa"
set title "arm64 SHA-256 (Crypto Extension)"
plot data index 1 using 2:xtic(1) title "armsha" lc rgb "#1f77b4", '' index 1 using 3 title "OpenSSL" lc rgb "#aaaaaa"
set title "arm64 SHA-512 (ARMv8.2 SHA512 instructions)"
plot data index 2 using 2:xtic(1) title "armsha" lc rgb "#1f77b4", '' index 2 using 3 title "OpenSSL" lc rgb "#aaaaaa"
set title "armhf (AArch32 Crypto Extension and NEON)"
plot data index 3 using 2:xtic(1) title "armsha" lc rgb "#1f77b4", '' index 3 using 3 title "OpenSSL" lc rgb "#aaaaaa"
set title "no SHA instructions (Raspberry Pi 3/4), against OpenSSL as dispatched there (integer SHA-1 and SHA-512, NEON SHA-256)\nA53: Pi 3, Zero 2 W (llvm-mca-16, and the in-order model of bench/inorder\\_a53.py); A72: Pi 4, 400, CM4 (llvm's Cortex-A57 model)"
set key top left
plot nosha index 0 using 2:xtic(1) title "armsha" lc rgb "#1f77b4", '' index 0 using 3 title "OpenSSL" lc rgb "#aaaaaa"
unset multiplot
