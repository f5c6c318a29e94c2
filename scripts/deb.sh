#!/usr/bin/env bash
# Builds the Debian package armsha_VERSION_ARCH.deb for each ARCH given (default: amd64,
# arm64 and armhf; cross-compiled on other machines against the OpenSSL that
# scripts/foreign.sh unpacks into build-foreign/ARCH/) into build-deb/ (or $ARMSHA_DEB_OUT:
# osroot.sh builds the OpenSSL 4.0 package inside the experimental root into
# build-experimental/deb/), from
# `meson install --destdir` of a build configured for /usr with Debian's hardening flags,
# plus the files in scripts/deb/, and checks it with lintian (which must report nothing
# beyond the overrides in scripts/deb/lintian-overrides).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
out=${ARMSHA_DEB_OUT:-$root/build-deb}
archs=("$@")
[ ${#archs[@]} -gt 0 ] || archs=(amd64 arm64 armhf)
maintainer=${DEB_MAINTAINER:-armsha maintainers <armsha@example.org>}
version=$(meson introspect --projectinfo meson.build | python3 -c 'import json,sys; print(json.load(sys.stdin)["version"])')
# The changelog's date: the last commit's, so that the same tree gives the same package
# (SOURCE_DATE_EPOCH from the caller where there is no git, as in osroot.sh's roots).
: "${SOURCE_DATE_EPOCH:=$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)}"
export SOURCE_DATE_EPOCH
date=$(date -R -u -d "@$SOURCE_DATE_EPOCH")
mkdir -p "$out"

# Highest symbol version file $2.. need from the library whose version prefix is $1 (GLIBC, OPENSSL).
needed_version() {
    local prefix=$1
    shift
    readelf -V --wide "$@" | grep -o "Name: ${prefix}_[0-9.]*" | sed "s/.*${prefix}_//" | sort -V | tail -1
}

build_one() {
    local arch=$1 host_arch bdir dest cross=() cross_file="" multiarch
    host_arch=$(dpkg --print-architecture)
    bdir=$out/build-$arch dest=$out/root-$arch
    if [ "$arch" != "$host_arch" ]; then
        # Against the OpenSSL that scripts/foreign.sh unpacked (deps.sh runs it), as
        # build.sh's cross builds do.
        case $arch in
            arm64) cross_file=conf/cross/aarch64-linux-gnu.txt ;;
            armhf) cross_file=conf/cross/arm-linux-gnueabihf.txt ;;
            *) echo "deb: no cross file for $arch"; return 1 ;;
        esac
        [ -f "build-foreign/$arch/sysroot.txt" ] ||
            { echo "deb: no build-foreign/$arch/ (scripts/foreign.sh $arch makes it)"; return 1; }
        cross=(--cross-file "build-foreign/$arch/sysroot.txt" --cross-file "$cross_file")
    fi
    multiarch=$(dpkg-architecture -a"$arch" -qDEB_HOST_MULTIARCH 2>/dev/null)
    if [ ! -f "$bdir/build.ninja" ]; then
        # Debian's hardening: _FORTIFY_SOURCE, full RELRO and BIND_NOW (the optimisation
        # level stays meson's release one).
        CPPFLAGS="$(DEB_HOST_ARCH=$arch dpkg-buildflags --get CPPFLAGS)" \
        LDFLAGS="$(DEB_HOST_ARCH=$arch dpkg-buildflags --get LDFLAGS) -Wl,-z,now" \
            meson setup "$bdir" "${cross[@]}" --prefix=/usr --libdir="lib/$multiarch" \
            -Dwerror=true >"$out/setup-$arch.log" 2>&1 ||
            { tail -30 "$out/setup-$arch.log"; echo "deb: meson setup for $arch failed"; return 1; }
    fi
    # The compiler's messages are ninja's output: shown when the build fails.
    ninja -C "$bdir" -j2 >"$out/build-$arch.log" 2>&1 ||
        { grep -E "error|warning|FAILED" "$out/build-$arch.log" | head -30; echo "deb: the $arch build failed"; return 1; }
    rm -rf "$dest"
    DESTDIR="$dest" meson install -C "$bdir" --no-rebuild --quiet
    [ -f "$dest/usr/lib/$multiarch/ossl-modules/armsha.so" ] ||
        { echo "deb: meson install put no armsha.so in /usr/lib/$multiarch/ossl-modules"; return 1; }
    if [ ! -f "$dest/usr/bin/armsha-doctor" ]; then
        echo "deb: WARNING: no armsha-doctor target in this tree yet; the package lacks /usr/bin/armsha-doctor"
    fi

    # Stripped as dh_strip does: symbols not needed for linking and the .comment/.note sections.
    local strip=strip f
    [ -z "$cross_file" ] || strip=$(sed -n "s/^strip = '\(.*\)'/\1/p" "$cross_file")
    for f in $(find "$dest/usr" -type f \( -name '*.so' -o -path '*/bin/*' \)); do
        "$strip" --remove-section=.comment --remove-section=.note --strip-unneeded "$f"
    done

    install -D -m 0644 conf/armsha.cnf "$dest/usr/share/armsha/armsha.cnf"
    install -D -m 0644 conf/system.cnf "$dest/usr/share/armsha/system.cnf"
    [ ! -f conf/armsha-fleet.cnf ] || install -D -m 0644 conf/armsha-fleet.cnf "$dest/usr/share/armsha/armsha-fleet.cnf"
    local doc=$dest/usr/share/doc/armsha
    install -D -m 0644 scripts/deb/README "$doc/README"
    install -D -m 0644 scripts/deb/copyright "$doc/copyright"
    sed -e "s/@VERSION@/$version/" -e "s/@MAINTAINER@/$maintainer/" -e "s/@DATE@/$date/" \
        scripts/deb/changelog | gzip -9n >"$doc/changelog.gz"
    if [ -f "$dest/usr/bin/armsha-doctor" ]; then
        install -D -m 0644 scripts/deb/lintian-overrides "$dest/usr/share/lintian/overrides/armsha"
    fi
    chmod -R u+rwX,go+rX,go-w "$dest"

    # Depends from what the binaries really reference: libc6 for the highest GLIBC_ symbol
    # version; libcrypto.so.3 from libssl3 (Debian 12) or libssl3t64 (Debian 13, the
    # package renamed for the 64-bit time_t transition, same soname), libcrypto.so.4 from
    # libssl4 (OpenSSL 4.0).
    local bins glibc ossl soname depends size
    bins=$(find "$dest/usr" -type f \( -name '*.so' -o -path '*/bin/*' \))
    glibc=$(needed_version GLIBC $bins)
    ossl=$(needed_version OPENSSL $bins)
    soname=$(readelf -d $bins | sed -n 's/.*Shared library: \[libcrypto\.so\.\([0-9]*\)\].*/\1/p' | sort -u)
    case $soname in
        3) depends="libc6 (>= $glibc), libssl3 (>= ${ossl:-3.0.0}) | libssl3t64 (>= ${ossl:-3.0.0})" ;;
        4) depends="libc6 (>= $glibc), libssl4 (>= ${ossl:-4.0.0})" ;;
        *) echo "deb: the binaries link libcrypto.so.'$soname', not one soname this script knows"; return 1 ;;
    esac
    size=$(du -sk --apparent-size "$dest/usr" | cut -f1)
    mkdir -p "$dest/DEBIAN"
    sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@MAINTAINER@/$maintainer/" \
        -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" scripts/deb/control.in >"$dest/DEBIAN/control"
    (cd "$dest" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$dest/DEBIAN/md5sums"
    chmod 0644 "$dest/DEBIAN/control" "$dest/DEBIAN/md5sums"

    local deb=$out/armsha_${version}_$arch.deb
    dpkg-deb --root-owner-group -Zxz --build "$dest" "$deb" >/dev/null
    echo "deb: $deb"
    dpkg-deb --info "$deb" | sed -n 's/^ Depends:/  Depends:/p'
    dpkg-deb --contents "$deb" | awk '{print "  " $6}'
    # Lintian: errors and warnings fail the build; info tags are printed.
    lintian --info --display-info --fail-on error,warning "$deb"
}

for a in "${archs[@]}"; do
    build_one "$a"
done
