// SPDX-License-Identifier: GPL-2.0
/*
 * corrupt-ko.c - edit the MODULE_PARM() metadata of a built x86_64 .ko.
 *
 *	corrupt-ko-helper IN.ko OUT.ko|- OP [ARGS]... [OP [ARGS]...]...
 *
 * A MODULE_PARM(var, type) leaves a struct obsolete_param __obsparm_VAR
 * { type, addr, size, line, class } (REC: "VAR" or "#N", the Nth record
 * by symbol table order) and a struct kernel_param __param_VAR { name,
 * mod, ops, perm, level, flags, arg } in __param (PAR: "VAR").  Their
 * pointers are zero in the file and filled in by R_X86_64_64 relocations.
 * A TARGET is SYM[@end][+N|-N]: a symbol (defined or not), or a section
 * ".NAME"; "@end" is the end of its section.  Operations, in order:
 *
 *	size|line|class REC N	set the field to N
 *	byte REC OFF N		set byte OFF of the record to N
 *	type|addr REC TARGET	point the relocation of the field at TARGET
 *	typestr REC STR		write STR into the pool (below), point type at it
 *	typefill REC CH		fill the rest of the pool with CH (no NUL), ditto
 *	name|ops|arg PAR TARGET	point the kernel_param's field at TARGET
 *	namestr PAR STR		write STR into the pool, point name at it
 *	namefill PAR CH		fill the rest of the pool with CH, ditto
 *	list			print each parameter as the loader would see it
 *
 * The pool is the module's hc_pool, zeros in a read-only section of their
 * own; strings are written one after the other.  Only ELF64 little-endian
 * x86_64 relocatable files are handled; anything unexpected is an error
 * (exit 1), never a silently unchanged copy.  OUT.ko is written through a
 * temporary file and renamed; "-" writes nothing.
 */
#define _POSIX_C_SOURCE 200809L
#include <elf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* struct obsolete_param and struct kernel_param on x86_64 */
#define REC_SIZE	32
#define REC_TYPE	0
#define REC_ADDR	8
#define REC_SIZEF	16
#define REC_LINE	20
#define REC_CLASS	24
#define KP_NAME		0
#define KP_OPS		16
#define KP_ARG		32
#define POOL_SYM	"hc_pool"

static unsigned char *img;
static size_t img_len;
static Elf64_Ehdr *eh;
static Elf64_Shdr *sh;
static const char *shstr;
static Elf64_Shdr *symtab, *strtab;
static Elf64_Sym *syms;
static size_t nsyms;
static uint64_t pool_used;

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

static const char *sec_name(unsigned int i)
{
	return i < eh->e_shnum ? shstr + sh[i].sh_name : "?";
}

static void load(const char *path)
{
	FILE *f = fopen(path, "rb");
	long n;
	unsigned int i;

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
		if (sh[i].sh_name >= sh[eh->e_shstrndx].sh_size)
			die("%s: section %u has a bad name", path, i);
		if (sh[i].sh_type != SHT_NOBITS)
			at(sh[i].sh_offset, sh[i].sh_size);
		if (sh[i].sh_type == SHT_SYMTAB)
			symtab = &sh[i];
	}
	if (!symtab || symtab->sh_link >= eh->e_shnum)
		die("%s: no symbol table", path);
	strtab = &sh[symtab->sh_link];
	syms = (Elf64_Sym *)(img + symtab->sh_offset);
	nsyms = symtab->sh_size / sizeof(*syms);
}

static const char *sym_name(size_t k)
{
	if (k >= nsyms)
		return "?";
	if (ELF64_ST_TYPE(syms[k].st_info) == STT_SECTION)
		return sec_name(syms[k].st_shndx);
	if (syms[k].st_name >= strtab->sh_size)
		return "?";
	return (char *)img + strtab->sh_offset + syms[k].st_name;
}

static int sym_defined(size_t k)
{
	return syms[k].st_shndx != SHN_UNDEF && syms[k].st_shndx < eh->e_shnum;
}

/* The symbol NAME: a defined one first, else an undefined one; or 0. */
static size_t lookup_sym(const char *name)
{
	size_t k, undef = 0;

	for (k = 1; k < nsyms; k++) {
		if (ELF64_ST_TYPE(syms[k].st_info) == STT_SECTION ||
		    strcmp(sym_name(k), name))
			continue;
		if (sym_defined(k))
			return k;
		undef = undef ? undef : k;
	}
	return undef;
}

static unsigned int find_section(const char *name)
{
	unsigned int i;

	for (i = 1; i < eh->e_shnum; i++)
		if (!strcmp(sec_name(i), name))
			return i;
	die("no section '%s'", name);
	return 0;
}

/* Where defined symbol K starts, as section and offset into it. */
static void sym_place(size_t k, unsigned int *sec, uint64_t *off)
{
	if (!sym_defined(k))
		die("symbol '%s' is not defined in the module", sym_name(k));
	*sec = syms[k].st_shndx;
	*off = ELF64_ST_TYPE(syms[k].st_info) == STT_SECTION ? 0 : syms[k].st_value;
}

/* The bytes of defined symbol NAME + DELTA, LEN of them, in the file. */
static unsigned char *object(const char *name, uint64_t delta, uint64_t len,
			     unsigned int *secp, uint64_t *offp)
{
	size_t k = lookup_sym(name);
	unsigned int sec;
	uint64_t off;

	if (!k)
		die("no symbol '%s'", name);
	sym_place(k, &sec, &off);
	off += delta;
	if (sh[sec].sh_type != SHT_PROGBITS || off > sh[sec].sh_size ||
	    len > sh[sec].sh_size - off)
		die("'%s'+%llu: %llu bytes are not in its section's contents", name,
		    (unsigned long long)delta, (unsigned long long)len);
	if (secp)
		*secp = sec;
	if (offp)
		*offp = off;
	return img + sh[sec].sh_offset + off;
}

/* The relocation of the 8 bytes at OFF in section SEC, or NULL. */
static Elf64_Rela *rela_at(unsigned int sec, uint64_t off)
{
	unsigned int i;

	for (i = 1; i < eh->e_shnum; i++) {
		Elf64_Rela *r;
		size_t k, n;

		if (sh[i].sh_type != SHT_RELA || sh[i].sh_info != sec)
			continue;
		r = (Elf64_Rela *)(img + sh[i].sh_offset);
		n = sh[i].sh_size / sizeof(*r);
		for (k = 0; k < n; k++)
			if (r[k].r_offset == off)
				return &r[k];
	}
	return NULL;
}

static Elf64_Rela *field_rela(const char *obj, uint64_t field)
{
	unsigned int sec;
	uint64_t off;
	Elf64_Rela *r;

	object(obj, field, 8, &sec, &off);
	r = rela_at(sec, off);
	if (!r)
		die("'%s'+%llu has no relocation", obj, (unsigned long long)field);
	if (ELF64_R_TYPE(r->r_info) != R_X86_64_64)
		die("'%s'+%llu: relocation type %llu, not R_X86_64_64", obj,
		    (unsigned long long)field,
		    (unsigned long long)ELF64_R_TYPE(r->r_info));
	return r;
}

/* Point relocation R at TARGET: SYM[@end][+N|-N]. */
static void retarget(Elf64_Rela *r, const char *target)
{
	char name[256];
	size_t n = strcspn(target, "@+-"), k;
	const char *p = target + n;
	int64_t addend = 0;

	if (!n || n >= sizeof(name))
		die("bad target '%s'", target);
	memcpy(name, target, n);
	name[n] = '\0';
	if (name[0] == '.') {
		unsigned int sec = find_section(name);

		for (k = 1; k < nsyms; k++)
			if (syms[k].st_shndx == sec &&
			    (ELF64_ST_TYPE(syms[k].st_info) == STT_SECTION ||
			     syms[k].st_value == 0))
				break;
		if (k == nsyms)
			die("no symbol at the start of section '%s'", name);
	} else {
		k = lookup_sym(name);
		if (!k)
			die("no symbol '%s'", name);
	}
	if (!strncmp(p, "@end", 4)) {
		unsigned int sec;
		uint64_t off;

		sym_place(k, &sec, &off);
		addend = sh[sec].sh_size - off;
		p += 4;
	}
	if (*p) {
		char *end;

		addend += strtoll(p, &end, 0);
		if (*end || (*p != '+' && *p != '-'))
			die("bad target '%s'", target);
	}
	r->r_info = ELF64_R_INFO(k, R_X86_64_64);
	r->r_addend = addend;
}

/* Copy STR (with its NUL unless FILL) into the pool; its offset there. */
static uint64_t pool_put(const char *str, int fill)
{
	unsigned int sec;
	uint64_t off, room, len = strlen(str) + !fill;
	unsigned char *p = object(POOL_SYM, 0, 1, &sec, &off);

	room = sh[sec].sh_size - off;
	if (pool_used >= room || (!fill && len > room - pool_used))
		die("the pool has no room for '%s'", str);
	if (fill)
		memset(p + pool_used, str[0], room - pool_used);
	else
		memcpy(p + pool_used, str, len);
	off = pool_used;
	pool_used = fill ? room : pool_used + len;
	return off;
}

static const char *rec_sym(const char *spec, char *buf, size_t len)
{
	if (spec[0] == '#') {
		char *end;
		unsigned long n = strtoul(spec + 1, &end, 10), i = 0;
		size_t k;

		for (k = 1; !*end && k < nsyms; k++)
			if (!strncmp(sym_name(k), "__obsparm_", 10) && sym_defined(k) &&
			    i++ == n) {
				snprintf(buf, len, "%s", sym_name(k));
				return buf;
			}
		die("no record %s", spec);
	}
	if ((size_t)snprintf(buf, len, "__obsparm_%s", spec) >= len)
		die("record name '%s' is too long", spec);
	return buf;
}

static const char *par_sym(const char *spec, char *buf, size_t len)
{
	if ((size_t)snprintf(buf, len, "__param_%s", spec) >= len)
		die("parameter name '%s' is too long", spec);
	return buf;
}

/* "SYM+N", or where it points: "" if it is no NUL-terminated string. */
static void describe(const Elf64_Rela *r, char *tgt, size_t tlen,
		     const char **str)
{
	size_t k = ELF64_R_SYM(r->r_info);
	unsigned int sec;
	uint64_t off;

	snprintf(tgt, tlen, "%s%+lld", sym_name(k), (long long)r->r_addend);
	*str = NULL;
	if (k >= nsyms || !sym_defined(k))
		return;
	sym_place(k, &sec, &off);
	off += r->r_addend;
	if (sh[sec].sh_type == SHT_PROGBITS && off < sh[sec].sh_size &&
	    memchr(img + sh[sec].sh_offset + off, '\0', sh[sec].sh_size - off))
		*str = (char *)img + sh[sec].sh_offset + off;
}

/*
 * One line per kernel_param:
 *	PAR name='N' ops=SYM arg=TARGET [type='T' addr=TARGET size=S line=L class=C]
 * the record's part when arg points at 32 bytes in the module's contents.
 */
static void list(void)
{
	unsigned int sec = find_section("__param"), asec;
	const Elf64_Sym *s;
	size_t k;

	for (k = 1; k < nsyms; k++) {
		Elf64_Rela *rn, *ro, *ra, *rt, *rd;
		char tn[300], to[300], ta[300], tt[300], td[300];
		const char *name, *dummy, *type;
		unsigned char *rec;
		uint64_t aoff;
		uint32_t size, line;

		s = &syms[k];
		if (s->st_shndx != sec || ELF64_ST_TYPE(s->st_info) != STT_OBJECT ||
		    strncmp(sym_name(k), "__param_", 8) ||
		    !strncmp(sym_name(k), "__param_str_", 12))
			continue;
		rn = rela_at(sec, s->st_value + KP_NAME);
		ro = rela_at(sec, s->st_value + KP_OPS);
		ra = rela_at(sec, s->st_value + KP_ARG);
		if (!rn || !ro || !ra)
			die("%s: a pointer has no relocation", sym_name(k));
		describe(rn, tn, sizeof(tn), &name);
		describe(ro, to, sizeof(to), &dummy);
		describe(ra, ta, sizeof(ta), &dummy);
		printf("%s name='%s' ops=%s arg=%s", sym_name(k) + 8,
		       name ? name : "", to, ta);
		if (ELF64_R_SYM(ra->r_info) < nsyms && sym_defined(ELF64_R_SYM(ra->r_info))) {
			sym_place(ELF64_R_SYM(ra->r_info), &asec, &aoff);
			aoff += ra->r_addend;
			if (sh[asec].sh_type == SHT_PROGBITS && aoff < sh[asec].sh_size &&
			    REC_SIZE <= sh[asec].sh_size - aoff &&
			    (rt = rela_at(asec, aoff + REC_TYPE)) &&
			    (rd = rela_at(asec, aoff + REC_ADDR))) {
				rec = img + sh[asec].sh_offset + aoff;
				describe(rt, tt, sizeof(tt), &type);
				describe(rd, td, sizeof(td), &dummy);
				memcpy(&size, rec + REC_SIZEF, 4);
				memcpy(&line, rec + REC_LINE, 4);
				printf(" type='%s' addr=%s size=%u line=%u class=%u",
				       type ? type : "", td, size, line, rec[REC_CLASS]);
			}
		}
		printf("\n");
	}
}

static unsigned long long number(const char *s, unsigned long long max)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (!*s || *end || errno || v > max)
		die("bad number '%s' (at most %llu)", s, max);
	return v;
}

static int need(int argc, int i, int n, const char *op)
{
	if (i + n >= argc)
		die("'%s' needs %d argument(s)", op, n);
	return n;
}

static void save(const char *path)
{
	char tmp[4096];
	int fd;
	FILE *f;

	if (!strcmp(path, "-"))
		return;
	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.XXXXXX", path) >= sizeof(tmp))
		die("%s: path too long", path);
	fd = mkstemp(tmp);
	if (fd < 0 || !(f = fdopen(fd, "wb")))
		die("%s: %s", tmp, strerror(errno));
	if (fwrite(img, 1, img_len, f) != img_len || fflush(f) || fsync(fd)) {
		unlink(tmp);
		die("%s: cannot write it", tmp);
	}
	if (fclose(f) || rename(tmp, path)) {
		unlink(tmp);
		die("%s: cannot write it", path);
	}
}

int main(int argc, char **argv)
{
	char b1[300];
	int i;

	if (argc < 3)
		die("usage: corrupt-ko-helper IN.ko OUT.ko|- OP [ARGS]...");
	load(argv[1]);

	for (i = 3; i < argc; i++) {
		const char *op = argv[i];
		unsigned char *rec;

		if (!strcmp(op, "size") || !strcmp(op, "line")) {
			uint32_t v;

			i += need(argc, i, 2, op);
			rec = object(rec_sym(argv[i - 1], b1, sizeof(b1)), 0,
				     REC_SIZE, NULL, NULL);
			v = number(argv[i], UINT32_MAX);
			memcpy(rec + (op[0] == 's' ? REC_SIZEF : REC_LINE), &v, 4);
		} else if (!strcmp(op, "class")) {
			i += need(argc, i, 2, op);
			rec = object(rec_sym(argv[i - 1], b1, sizeof(b1)), 0,
				     REC_SIZE, NULL, NULL);
			rec[REC_CLASS] = number(argv[i], 255);
		} else if (!strcmp(op, "byte")) {
			unsigned long long o;

			i += need(argc, i, 3, op);
			rec = object(rec_sym(argv[i - 2], b1, sizeof(b1)), 0,
				     REC_SIZE, NULL, NULL);
			o = number(argv[i - 1], REC_SIZE - 1);
			rec[o] = number(argv[i], 255);
		} else if (!strcmp(op, "type") || !strcmp(op, "addr")) {
			i += need(argc, i, 2, op);
			retarget(field_rela(rec_sym(argv[i - 1], b1, sizeof(b1)),
					    op[0] == 't' ? REC_TYPE : REC_ADDR),
				 argv[i]);
		} else if (!strcmp(op, "typestr") || !strcmp(op, "typefill")) {
			int fill = !strcmp(op, "typefill");
			char t[64];
			uint64_t off;

			i += need(argc, i, 2, op);
			if (fill && strlen(argv[i]) != 1)
				die("typefill takes one character, not '%s'", argv[i]);
			off = pool_put(argv[i], fill);
			snprintf(t, sizeof(t), "%s+%llu", POOL_SYM,
				 (unsigned long long)off);
			retarget(field_rela(rec_sym(argv[i - 1], b1, sizeof(b1)),
					    REC_TYPE), t);
		} else if (!strcmp(op, "name") || !strcmp(op, "ops") ||
			   !strcmp(op, "arg")) {
			i += need(argc, i, 2, op);
			retarget(field_rela(par_sym(argv[i - 1], b1, sizeof(b1)),
					    op[0] == 'n' ? KP_NAME :
					    op[0] == 'o' ? KP_OPS : KP_ARG),
				 argv[i]);
		} else if (!strcmp(op, "namestr") || !strcmp(op, "namefill")) {
			int fill = !strcmp(op, "namefill");
			char t[64];

			i += need(argc, i, 2, op);
			if (fill && strlen(argv[i]) != 1)
				die("namefill takes one character, not '%s'", argv[i]);
			snprintf(t, sizeof(t), "%s+%llu", POOL_SYM,
				 (unsigned long long)pool_put(argv[i], fill));
			retarget(field_rela(par_sym(argv[i - 1], b1, sizeof(b1)),
					    KP_NAME), t);
		} else if (!strcmp(op, "list")) {
			list();
		} else {
			die("unknown operation '%s'", op);
		}
	}
	save(argv[2]);
	return 0;
}
