// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness: run the scanner, rewriter, report and diff writer on
 * an in-memory buffer.  The input is split at the first NUL byte into two
 * files so that cross-file declarations and macros are exercised too.
 *
 *   make fuzz-target && ./modparm-convert-fuzz -max_total_time=60
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "modparm.h"

static FILE *sink;

static char *dup_buf(const uint8_t *p, size_t n)
{
	char *b = malloc(n + 1);

	if (!b)
		abort();
	if (n)
		memcpy(b, p, n);
	b[n] = '\0';
	return b;
}

/*
 * A rewrite never unbalances a file that was balanced, and never adds a
 * MODULE_PARM() use: each conversion replaces one use by one call.
 */
static void check_rewrite(struct mp_file *f)
{
	char why_in[128], why_out[128];
	size_t len, outlen;
	const char *data = mp_file_text(f, &len), *out = mp_file_output(f, &outlen);

	if (!mp_check_syntax(data, len, why_in, sizeof(why_in)) &&
	    mp_check_syntax(out, outlen, why_out, sizeof(why_out))) {
		fprintf(stderr, "the rewrite broke the syntax: %s\n", why_out);
		abort();
	}
	if (mp_count_uses(out, outlen) > mp_count_uses(data, len)) {
		fprintf(stderr, "the rewrite added MODULE_PARM() uses\n");
		abort();
	}
}

/*
 * The rewrite is stable: converting what it wrote, with the same files
 * alongside (they hold declarations and macros the first pass used),
 * changes nothing more.
 */
static void check_stable(struct mp_ctx *ctx)
{
	struct mp_options opt = { .perm = "0" };
	struct mp_ctx *again = mp_new(&opt);
	size_t i;

	for (i = 0; i < mp_nfiles(ctx); i++) {
		struct mp_file *f = mp_file_at(ctx, i);
		size_t len;
		const char *text = mp_file_output(f, &len);

		if (!text)
			text = mp_file_text(f, &len);
		mp_add(again, mp_file_path(f), dup_buf((const uint8_t *)text, len), len);
	}
	mp_run(again);
	for (i = 0; i < mp_nfiles(again); i++) {
		struct mp_file *g = mp_file_at(again, i);
		size_t len;

		if (mp_file_output(g, &len)) {
			fprintf(stderr, "a second pass changed %s again:\n", mp_file_path(g));
			mp_write_diff(g, stderr);
			abort();
		}
	}
	mp_free(again);
}

/*
 * The input read a second time, as a recipe for a driver in well-formed
 * C: each byte picks the next line from the forms 2.4 drivers used, so
 * that the properties above are also checked on text a compiler would
 * take.  Stability is asked of that C only.
 */
struct recipe {
	const uint8_t *p, *end;
	char *text[2];
	size_t len[2];
	int file, depth;
	int had_else[4];
	int crlf;		/* DOS line ends, as some vendor drivers had */
	/*
	 * Every name declared once, up front, in types a compiler takes,
	 * and every macro the lines use defined first: such drivers mostly
	 * build, so tests that compile a recipe before and after
	 * conversion have more of them to judge.
	 */
	int tidy;
	unsigned int tidy_type[5], tidy_dims[5], nfn;
	unsigned int tidy_init;	/* names defined __initdata, one bit each */
	unsigned int tidy_twin;	/* names with a built-in twin of another type */
	unsigned int made;	/* tidy: names made parameters, one bit each */
};

static const char *const gen_names[] = { "io", "irq", "dma", "opts", "name" };
static const char *const gen_types[] = {
	"int", "unsigned int", "short", "unsigned short", "long",
	"unsigned long", "unsigned char", "u8", "u16", "u32", "char *",
	"char", "uid_t", "bool", "my_t", "const int",
};
static const char *const gen_dims[] = { "", "[4]", "[MAX_UNITS]", "[16]", "[]" };
static const char *const gen_typestrs[] = {
	"\"i\"", "\"b\"", "\"h\"", "\"l\"", "\"s\"", "\"c16\"", "\"1-4i\"",
	"\"4i\"", "\"2-8h\"", "\"0-3s\"", "\"1-4c16\"", "PARM_T", "\"x\"",
	"\"1-\" __MODULE_STRING(MAX_UNITS) \"i\"",
};
static const char *const gen_inits[] = {
	"static char *name = \"eth0\";",
	"static char name[16] __initdata = \"auto\";",
	"static int io[4] = { 0x300, 0x320, };",
	"static const char *opts = \"\";",
	"static unsigned char dma __initdata = 3;",
	"int irq = 5;",
};
static const char *const gen_odd_uses[] = {
	"MODULE_PARM (%s ,\n\t\"1-4i\") ;\n",
	"MODULE_PARM(%s, /* count */ \"1-4i\");\n",
	"MODULE_PARM(%s, \"1-\" \"4\" \"i\");\n",
	"MODULE_PARM(%s,\"s\");MODULE_PARM_DESC(name, \"x\");\n",
};
static const char *const gen_conds[] = {
	"#if 0",
	"#ifdef MODULE", "#ifndef MODULE", "#if defined(CONFIG_PCI)",
	"#if !defined(CONFIG_PCI)",
	"#if LINUX_VERSION_CODE < KERNEL_VERSION(2,5,0)",
	"#if LINUX_VERSION_CODE >= KERNEL_VERSION(2,5,0)",
};

#define GEN_PICK(r, a)	((a)[gen_byte(r) % (sizeof(a) / sizeof((a)[0]))])

static unsigned int gen_byte(struct recipe *r)
{
	return r->p < r->end ? *r->p++ : 0;
}

static void gen_put(struct recipe *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void gen_put(struct recipe *r, const char *fmt, ...)
{
	va_list ap;
	char line[256];
	int n, i;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(line))
		abort();
	r->text[r->file] = realloc(r->text[r->file], r->len[r->file] + 2 * n + 1);
	if (!r->text[r->file])
		abort();
	for (i = 0; i < n; i++) {
		if (line[i] == '\n' && r->crlf)
			r->text[r->file][r->len[r->file]++] = '\r';
		r->text[r->file][r->len[r->file]++] = line[i];
	}
	r->text[r->file][r->len[r->file]] = '\0';
}

/*
 * Types and sizes of a tidy recipe's declarations: no typedef needed.  A
 * [] array is declared extern up front and completed at the end of the
 * first file, as 2.4 drivers that shared a table between files did.
 */
static const unsigned int tidy_types[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15 };
static const unsigned int tidy_dims[] = { 0, 1, 2, 3, 4 };
#define TIDY_UNSIZED	4

static void gen_tidy_decls(struct recipe *r, const char *storage)
{
	size_t i;

	gen_put(r, "#include <linux/version.h>\n#define MAX_UNITS 8\n"
		"#define PARM_T \"1-4i\"\n#define PARM(v) MODULE_PARM(v, \"i\")\n");
	for (i = 0; i < sizeof(gen_names) / sizeof(gen_names[0]); i++) {
		int unsized = r->tidy_dims[i] == TIDY_UNSIZED;
		int twin = !*storage && r->tidy_twin & 1u << i;

		/*
		 * As 2.4's ewrk3.c and slram.c: the built-in driver's own
		 * variable of that name, of another type, never compiled in
		 * a module.  A use outside #ifdef MODULE cannot convert.
		 */
		if (twin)
			gen_put(r, "#ifndef MODULE\nstatic %s %s;\n#else\n",
				strcmp(gen_types[r->tidy_type[i]], "long") ? "long" : "short",
				gen_names[i]);
		gen_put(r, "%s%s %s%s%s;\n", unsized ? "extern " : storage,
			gen_types[r->tidy_type[i]], gen_names[i],
			gen_dims[r->tidy_dims[i]],
			!*storage && !unsized && r->tidy_init & 1u << i ?
			" __initdata" : "");
		if (twin)
			gen_put(r, "#endif\n");
	}
}

/* The definitions that complete a tidy recipe's [] arrays. */
static void gen_tidy_completions(struct recipe *r)
{
	size_t i;

	for (i = 0; i < sizeof(gen_names) / sizeof(gen_names[0]); i++)
		if (r->tidy_dims[i] == TIDY_UNSIZED)
			gen_put(r, "%s %s[4]%s;\n", gen_types[r->tidy_type[i]],
				gen_names[i],
				r->tidy_init & 1u << i ? " __initdata" : "");
}

/* An #if line (open), or an #else or #endif for the innermost one. */
static void gen_conditional(struct recipe *r, int open)
{
	if (open) {
		if (r->depth < 4) {
			gen_put(r, "%s\n", GEN_PICK(r, gen_conds));
			r->had_else[r->depth++] = 0;
		}
	} else if (r->depth && !r->had_else[r->depth - 1]) {
		gen_put(r, "#else\n");
		r->had_else[r->depth - 1] = 1;
	} else if (r->depth) {
		gen_put(r, "#endif\n");
		r->depth--;
	}
}

/* A function that may use MODULE_PARM() inside, where it cannot convert. */
static void gen_function(struct recipe *r, const char *name)
{
	gen_put(r, "static int __init init_%s_%u(void)\n{\n", name, r->nfn++);
	switch (gen_byte(r) % 3) {
	case 1:
		gen_put(r, "\tMODULE_PARM(%s, \"i\");\n", name);
		break;
	case 2:
		gen_put(r, "\tPARM(%s);\n", name);
		break;
	}
	gen_put(r, "\treturn %s != 0;\n}\n", name);
}

/* Start the second file, once and outside any #if; else a comment. */
static void gen_second_file(struct recipe *r, const char *name)
{
	if (!r->file && !r->depth) {
		r->file = 1;
		gen_put(r, "#include <linux/module.h>\n");
		if (r->tidy)
			gen_tidy_decls(r, "extern ");
	} else {
		gen_put(r, "/* MODULE_PARM(%s, \"i\") */\n", name);
	}
}

static void gen_line(struct recipe *r)
{
	unsigned int ni = gen_byte(r) % (sizeof(gen_names) / sizeof(gen_names[0]));
	const char *name = gen_names[ni];
	unsigned int kind = gen_byte(r) % 20;

	/* a tidy recipe declares each name once, up front */
	if (r->tidy && (kind <= 1 || kind == 9 || kind == 12 || kind == 13))
		kind = 2;
	/* ... and makes it a parameter once */
	if (r->tidy && (kind == 2 || kind == 3 || kind == 4 || kind == 10 ||
			kind == 16 || kind == 18)) {
		if (r->made & 1u << ni)
			kind = 5;
		r->made |= 1u << ni;
	}
	switch (kind) {
	case 0:
	case 1: {
		const char *type = GEN_PICK(r, gen_types);
		const char *dims = GEN_PICK(r, gen_dims);

		gen_put(r, "static %s %s%s%s;\n", type, name, dims,
			gen_byte(r) & 1 ? " __initdata" : "");
		break;
	}
	case 2:
	case 3:
		gen_put(r, "MODULE_PARM(%s, %s);\n", name,
			GEN_PICK(r, gen_typestrs));
		break;
	case 4:
		gen_put(r, "module_param(%s, int, 0444);\n", name);
		break;
	case 5:
		gen_put(r, "MODULE_PARM_DESC(%s, \"the %s\");\n", name, name);
		break;
	case 6:
	case 7:
		gen_conditional(r, kind == 6);
		break;
	case 8:
		if (gen_byte(r) & 1)
			gen_put(r, "#define PARM_T \"1-4i\"\n");
		else
			gen_put(r, "#define MAX_UNITS 8\n");
		break;
	case 9:
		gen_put(r, "extern int %s;\n", name);
		break;
	case 10:
		gen_function(r, name);
		break;
	case 11:
		gen_second_file(r, name);
		break;
	case 12:
		gen_put(r, "static int %s, %s[4] = { 1, 2 };\n", name,
			GEN_PICK(r, gen_names));
		break;
	case 13:
		gen_put(r, "%s\n", GEN_PICK(r, gen_inits));
		break;
	case 14:
		gen_put(r, "typedef unsigned int my_t;\n");
		break;
	case 15:
		gen_put(r, "#define PARM(v) MODULE_PARM(v, \"i\")\n");
		break;
	case 16:
		gen_put(r, "PARM(%s);\n", name);
		break;
	case 17:
		gen_put(r, "#ifndef module_param\n"
			"#define module_param(v, t, p) MODULE_PARM(v, \"i\")\n"
			"#endif\n");
		break;
	case 18:
		gen_put(r, GEN_PICK(r, gen_odd_uses), name);
		break;
	case 19:
		gen_put(r, "MODULE_PARM_DESC(%s, \"the \"\n\t\"%s\");\n", name,
			name);
		break;
	}
}

/*
 * Nothing is skipped in silence: each use the rewrite leaves has exactly
 * one "cannot convert" warning, and each converted one is gone.
 */
static void check_accounted(struct mp_file *f)
{
	size_t len;
	const char *text = mp_file_output(f, &len);
	unsigned int left;
	struct mp_stats st;

	if (!text)
		text = mp_file_text(f, &len);
	left = mp_count_uses(text, len);
	mp_file_stats(f, &st);
	if (left != st.uses - st.converted || st.refused != left) {
		fprintf(stderr, "%s: %u uses, %u converted, %u left, %u warned about\n",
			mp_file_path(f), st.uses, st.converted, left, st.refused);
		mp_write_report(f, stderr, MP_REPORT_ALL);
		abort();
	}
}

/* Write the driver that data stands for into r. */
static void gen_recipe(struct recipe *r, const uint8_t *data, size_t size)
{
	memset(r, 0, sizeof(*r));
	/* A driver of a few hundred lines is enough; keep runs fast. */
	r->p = data;
	r->end = data + (size < 600 ? size : 600);
	r->crlf = size && data[0] == 0xff;
	r->tidy = size && data[0] & 1;
	gen_put(r, "#include <linux/module.h>\n");
	if (r->tidy) {
		size_t i, nt = sizeof(tidy_types) / sizeof(tidy_types[0]);
		size_t nd = sizeof(tidy_dims) / sizeof(tidy_dims[0]);

		/* picked from the first byte, so the recipe's bytes stay its lines */
		for (i = 0; i < sizeof(r->tidy_type) / sizeof(r->tidy_type[0]); i++) {
			r->tidy_type[i] = tidy_types[(data[0] * 7u + i * 5u) % nt];
			r->tidy_dims[i] = tidy_dims[(data[0] / 2u + i * 3u) % nd];
			/* 2.4 drivers kept many parameters in init data; not const ones */
			if ((data[0] / 4u + i) % 3 == 0 && strcmp(gen_types[r->tidy_type[i]], "const int"))
				r->tidy_init |= 1u << i;
			if ((data[0] / 8u + i) % 5 == 0 && r->tidy_dims[i] != TIDY_UNSIZED)
				r->tidy_twin |= 1u << i;
		}
		gen_tidy_decls(r, "");
	}
	while (r->p < r->end)
		gen_line(r);
	for (; r->depth; r->depth--)
		gen_put(r, "#endif\n");
	if (r->tidy) {
		r->file = 0;
		gen_tidy_completions(r);
	}
}

static void check_recipe(const uint8_t *data, size_t size)
{
	struct recipe r;
	struct mp_options opt = { .perm = "0" };
	struct mp_ctx *ctx;
	int changed = 0;
	size_t i;

	gen_recipe(&r, data, size);

	/* To see what a crashing input stands for: FUZZ_SHOW_RECIPE=1 */
	if (getenv("FUZZ_SHOW_RECIPE"))
		fprintf(stderr, "--- gen-a.c\n%s--- gen-b.c\n%s---\n", r.text[0],
			r.text[1] ? r.text[1] : "");
	ctx = mp_new(&opt);
	mp_add(ctx, "gen-a.c", r.text[0], r.len[0]);
	if (r.text[1])
		mp_add(ctx, "gen-b.c", r.text[1], r.len[1]);
	mp_run(ctx);
	for (i = 0; i < mp_nfiles(ctx); i++) {
		struct mp_file *mf = mp_file_at(ctx, i);
		size_t len;

		if (mp_file_output(mf, &len)) {
			check_rewrite(mf);
			changed = 1;
		}
		check_accounted(mf);
	}
	if (changed)
		check_stable(ctx);
	mp_free(ctx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mp_options opt = { .perm = "0" };
	struct mp_ctx *ctx;
	const uint8_t *nul = memchr(data, 0, size);
	size_t n1 = nul ? (size_t)(nul - data) : size, i;
	char why[128];

	if (!sink)
		sink = fopen("/dev/null", "w");
	if (!sink)
		abort();

	ctx = mp_new(&opt);
	mp_add(ctx, "a.c", dup_buf(data, n1), n1);
	if (nul)
		mp_add(ctx, "b.c", dup_buf(nul + 1, size - n1 - 1), size - n1 - 1);
	mp_run(ctx);
	for (i = 0; i < mp_nfiles(ctx); i++) {
		struct mp_file *f = mp_file_at(ctx, i);
		size_t len;

		mp_write_report(f, sink, MP_REPORT_ALL);
		mp_write_diff(f, sink);
		if (mp_file_output(f, &len))
			check_rewrite(f);
	}
	/*
	 * Stability is asked of the recipe's C only.  In raw bytes, text next
	 * to a use that moves ("x>MODULE_PARM(io, "i");int io;") is glued to
	 * what follows it once the use is gone, and reads differently on the
	 * second pass; no rule can keep two readings of such text the same.
	 */
	mp_check_syntax((const char *)data, size, why, sizeof(why));
	mp_count_uses((const char *)data, size);
	mp_free(ctx);
	check_recipe(data, size);
	return 0;
}

#ifdef RECIPE_MAIN
/*
 * modparm-recipe-gen SEED DIR [BYTES]: write the driver that BYTES
 * (at most 600, the default) pseudo-random bytes drawn from SEED stand
 * for as DIR/gen-a.c, and DIR/gen-b.c when it has a second file, so
 * that tests can compile recipes before and after conversion.  The
 * same arguments always give the same driver.
 */
static void write_file(const char *dir, const char *name, const char *text, size_t len)
{
	char path[4096];
	FILE *out;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	out = fopen(path, "w");
	if (!out || fwrite(text, 1, len, out) != len || fclose(out)) {
		perror(path);
		exit(2);
	}
}

int main(int argc, char **argv)
{
	uint8_t data[600];
	uint64_t x;
	struct recipe r;
	size_t i, n = sizeof(data);

	if (argc != 3 && argc != 4) {
		fputs("usage: modparm-recipe-gen SEED DIR [BYTES]\n", stderr);
		return 2;
	}
	if (argc == 4 && strtoul(argv[3], NULL, 0) < n)
		n = strtoul(argv[3], NULL, 0);
	/* xorshift64*, never seeded with 0 */
	x = strtoull(argv[1], NULL, 0) * 0x9e3779b97f4a7c15ull + 1;
	for (i = 0; i < n; i++) {
		x ^= x >> 12;
		x ^= x << 25;
		x ^= x >> 27;
		data[i] = (uint8_t)((x * 0x2545f4914f6cdd1dull) >> 56);
	}
	gen_recipe(&r, data, n);
	write_file(argv[2], "gen-a.c", r.text[0], r.len[0]);
	if (r.text[1])
		write_file(argv[2], "gen-b.c", r.text[1], r.len[1]);
	free(r.text[0]);
	free(r.text[1]);
	return 0;
}
#endif
