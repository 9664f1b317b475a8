// SPDX-License-Identifier: GPL-2.0
/*
 * corrupt-ko.c - edit the MODULE_PARM() metadata of a built x86_64 .ko.
 *
 *	corrupt-ko-helper IN.ko OUT.ko OP [ARGS]... [OP [ARGS]...]...
 *
 * The __obsparm section holds 128-byte records { name[64], type[56],
 * addr }; addr is filled in at load time by an R_X86_64_64 relocation in
 * .rela__obsparm.  A record REC is named by its current name, or by
 * "#N" (its index).  Operations, applied in order:
 *
 *	name REC NEW		set the name field to NEW (NUL-padded)
 *	fillname REC CH N	fill the first N bytes of the name with CH
 *				(N = 64: no terminating NUL at all)
 *	type REC NEW		set the type field to NEW (NUL-padded)
 *	filltype REC CH N	fill the first N bytes of the type with CH
 *	reloc REC SYM		make REC's addr relocation point at symbol SYM,
 *				addend 0
 *	addend REC DELTA	add DELTA to the addend of REC's addr relocation
 *	relnone REC		make REC's addr relocation R_X86_64_NONE
 *	copyrec SRC DST		copy record SRC (name, type, relocation) onto DST
 *	symabs SYM		make symbol SYM absolute (st_shndx SHN_ABS)
 *	symsize SYM N		set the size (st_size) of symbol SYM to N
 *	size DELTA		add DELTA to the section's sh_size
 *	list			print the records (name, type, symbol+addend)
 *
 * Only ELF64 little-endian relocatable files are handled; anything
 * unexpected is an error (exit 1), never a silently unchanged copy.
 */
#include <elf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REC_SIZE	128
#define NAME_LEN	64
#define TYPE_LEN	56
#define ADDR_OFF	120

static unsigned char *img;
static size_t img_len;
static Elf64_Ehdr *eh;
static Elf64_Shdr *sh;
static const char *shstr;
static Elf64_Shdr *obs, *rela, *symtab, *strtab;

static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "corrupt-ko: ");
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n");
	va_end(ap);
	exit(1);
}

static void *at(uint64_t off, uint64_t len)
{
	if (off > img_len || len > img_len - off)
		die("offset %#llx+%llu is outside the file",
		    (unsigned long long)off, (unsigned long long)len);
	return img + off;
}

static void load(const char *path)
{
	FILE *f = fopen(path, "rb");
	long n;
	int i;

	if (!f)
		die("%s: %s", path, strerror(errno));
	if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		die("%s: cannot size it", path);
	img_len = n;
	img = malloc(img_len ? img_len : 1);
	if (!img || fread(img, 1, img_len, f) != img_len)
		die("%s: cannot read it", path);
	fclose(f);

	eh = at(0, sizeof(*eh));
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_ident[EI_DATA] != ELFDATA2LSB || eh->e_type != ET_REL ||
	    eh->e_machine != EM_X86_64 || eh->e_shentsize != sizeof(Elf64_Shdr))
		die("%s: not an x86_64 ELF64 relocatable object", path);
	sh = at(eh->e_shoff, (uint64_t)eh->e_shnum * sizeof(*sh));
	if (eh->e_shstrndx >= eh->e_shnum)
		die("%s: bad e_shstrndx", path);
	shstr = at(sh[eh->e_shstrndx].sh_offset, sh[eh->e_shstrndx].sh_size);

	for (i = 1; i < eh->e_shnum; i++) {
		const char *nm = shstr + sh[i].sh_name;

		if (!strcmp(nm, "__obsparm"))
			obs = &sh[i];
		else if (sh[i].sh_type == SHT_SYMTAB)
			symtab = &sh[i];
	}
	if (!obs)
		die("%s: no __obsparm section", path);
	if (!symtab || symtab->sh_link >= eh->e_shnum)
		die("%s: no symbol table", path);
	strtab = &sh[symtab->sh_link];
	for (i = 1; i < eh->e_shnum; i++)
		if (sh[i].sh_type == SHT_RELA && &sh[sh[i].sh_info] == obs)
			rela = &sh[i];
	if (!rela)
		die("%s: no relocation section for __obsparm", path);
	if (obs->sh_size % REC_SIZE)
		die("%s: __obsparm is %llu bytes, not a multiple of %d", path,
		    (unsigned long long)obs->sh_size, REC_SIZE);
	at(obs->sh_offset, obs->sh_size);
	at(rela->sh_offset, rela->sh_size);
	at(symtab->sh_offset, symtab->sh_size);
	at(strtab->sh_offset, strtab->sh_size);
}

static unsigned int nrecs(void)
{
	return obs->sh_size / REC_SIZE;
}

static unsigned char *rec(unsigned int i)
{
	return img + obs->sh_offset + (uint64_t)i * REC_SIZE;
}

static unsigned int find_rec(const char *spec)
{
	unsigned int i;

	if (spec[0] == '#') {
		char *end;
		unsigned long n = strtoul(spec + 1, &end, 10);

		if (*end || n >= nrecs())
			die("no record %s (there are %u)", spec, nrecs());
		return n;
	}
	for (i = 0; i < nrecs(); i++)
		if (!strncmp((char *)rec(i), spec, NAME_LEN))
			return i;
	die("no record named '%s'", spec);
	return 0;
}

static Elf64_Rela *find_rela(unsigned int i)
{
	Elf64_Rela *r = (void *)(img + rela->sh_offset);
	size_t k, n = rela->sh_size / sizeof(*r);

	for (k = 0; k < n; k++)
		if (r[k].r_offset == (uint64_t)i * REC_SIZE + ADDR_OFF) {
			if (ELF64_R_TYPE(r[k].r_info) != R_X86_64_64)
				die("record #%u: relocation type %llu, not R_X86_64_64",
				    i, (unsigned long long)ELF64_R_TYPE(r[k].r_info));
			return &r[k];
		}
	die("record #%u has no addr relocation", i);
	return NULL;
}

static const char *sym_name(uint32_t idx)
{
	Elf64_Sym *s = (void *)(img + symtab->sh_offset);

	if ((uint64_t)idx * sizeof(*s) >= symtab->sh_size)
		return "?";
	if (ELF64_ST_TYPE(s[idx].st_info) == STT_SECTION)
		return shstr + sh[s[idx].st_shndx].sh_name;
	if (s[idx].st_name >= strtab->sh_size)
		return "?";
	return (char *)img + strtab->sh_offset + s[idx].st_name;
}

static uint32_t find_sym(const char *name)
{
	Elf64_Sym *s = (void *)(img + symtab->sh_offset);
	size_t k, n = symtab->sh_size / sizeof(*s);

	for (k = 1; k < n; k++)
		if (s[k].st_shndx != SHN_UNDEF &&
		    ELF64_ST_TYPE(s[k].st_info) != STT_SECTION &&
		    !strcmp(sym_name(k), name))
			return k;
	die("no defined symbol '%s'", name);
	return 0;
}

static void set_field(unsigned char *f, size_t len, const char *val)
{
	if (strlen(val) >= len)
		die("'%s' does not fit in %zu bytes with its NUL", val, len);
	memset(f, 0, len);
	memcpy(f, val, strlen(val));
}

static void fill_field(unsigned char *f, size_t len, const char *ch,
		       const char *count)
{
	long n = strtol(count, NULL, 10);

	if (strlen(ch) != 1 || n < 0 || (size_t)n > len)
		die("bad fill '%s' x %s (field of %zu bytes)", ch, count, len);
	memset(f, ch[0], n);
}

static void list(void)
{
	unsigned int i;

	for (i = 0; i < nrecs(); i++) {
		Elf64_Rela *r = find_rela(i);

		printf("#%u name='%.64s' type='%.56s' addr=%s%+lld\n", i,
		       (char *)rec(i), (char *)rec(i) + NAME_LEN,
		       sym_name(ELF64_R_SYM(r->r_info)),
		       (long long)r->r_addend);
	}
}

static int need(int argc, int i, int n, const char *op)
{
	if (i + n >= argc)
		die("'%s' needs %d argument(s)", op, n);
	return n;
}

int main(int argc, char **argv)
{
	FILE *f;
	int i;

	if (argc < 3)
		die("usage: corrupt-ko-helper IN.ko OUT.ko OP [ARGS]...");
	load(argv[1]);

	for (i = 3; i < argc; i++) {
		const char *op = argv[i];

		if (!strcmp(op, "name")) {
			i += need(argc, i, 2, op);
			set_field(rec(find_rec(argv[i - 1])), NAME_LEN, argv[i]);
		} else if (!strcmp(op, "fillname")) {
			i += need(argc, i, 3, op);
			fill_field(rec(find_rec(argv[i - 2])), NAME_LEN,
				   argv[i - 1], argv[i]);
		} else if (!strcmp(op, "type")) {
			i += need(argc, i, 2, op);
			set_field(rec(find_rec(argv[i - 1])) + NAME_LEN,
				  TYPE_LEN, argv[i]);
		} else if (!strcmp(op, "filltype")) {
			i += need(argc, i, 3, op);
			fill_field(rec(find_rec(argv[i - 2])) + NAME_LEN,
				   TYPE_LEN, argv[i - 1], argv[i]);
		} else if (!strcmp(op, "reloc")) {
			Elf64_Rela *r;

			i += need(argc, i, 2, op);
			r = find_rela(find_rec(argv[i - 1]));
			r->r_info = ELF64_R_INFO(find_sym(argv[i]), R_X86_64_64);
			r->r_addend = 0;
		} else if (!strcmp(op, "addend")) {
			i += need(argc, i, 2, op);
			find_rela(find_rec(argv[i - 1]))->r_addend +=
				strtoll(argv[i], NULL, 0);
		} else if (!strcmp(op, "relnone")) {
			Elf64_Rela *r;

			i += need(argc, i, 1, op);
			r = find_rela(find_rec(argv[i]));
			r->r_info = ELF64_R_INFO(ELF64_R_SYM(r->r_info), R_X86_64_NONE);
		} else if (!strcmp(op, "copyrec")) {
			unsigned int s, d;

			i += need(argc, i, 2, op);
			s = find_rec(argv[i - 1]);
			d = find_rec(argv[i]);
			memcpy(rec(d), rec(s), ADDR_OFF);
			find_rela(d)->r_info = find_rela(s)->r_info;
			find_rela(d)->r_addend = find_rela(s)->r_addend;
		} else if (!strcmp(op, "symabs")) {
			Elf64_Sym *sy = (void *)(img + symtab->sh_offset);

			i += need(argc, i, 1, op);
			sy[find_sym(argv[i])].st_shndx = SHN_ABS;
		} else if (!strcmp(op, "symsize")) {
			Elf64_Sym *sy = (void *)(img + symtab->sh_offset);

			i += need(argc, i, 2, op);
			sy[find_sym(argv[i - 1])].st_size = strtoull(argv[i], NULL, 0);
		} else if (!strcmp(op, "size")) {
			i += need(argc, i, 1, op);
			obs->sh_size += strtoll(argv[i], NULL, 0);
		} else if (!strcmp(op, "list")) {
			list();
		} else {
			die("unknown operation '%s'", op);
		}
	}

	f = fopen(argv[2], "wb");
	if (!f || fwrite(img, 1, img_len, f) != img_len || fclose(f))
		die("%s: cannot write it", argv[2]);
	return 0;
}
