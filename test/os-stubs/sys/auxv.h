/* Stub: elf_aux_info as FreeBSD's and OpenBSD's elf_aux_info(3) declare it. */
#define AT_HWCAP 25 /* FreeBSD sys/elf_common.h */
#define AT_HWCAP2 26
int elf_aux_info(int aux, void *buf, int buflen);
