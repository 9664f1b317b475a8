// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: --format-patch.  One patch per module, each an mbox
 * message as git format-patch writes it (so that git am applies the
 * series), with a description that says why and what, a diffstat, and a
 * cover letter that sums the series up.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "gitinfo.h"
#include "series.h"
#include "util.h"

#define WRAP 72			/* description lines, as git's MAIL_DEFAULT_WRAP */
#define SLUG_MAX 64		/* a patch file's name from its subject, as git's */
#define NULL_COMMIT "0000000000000000000000000000000000000000"

/* A patched file, for the diffstat. */
struct file_stat {
	char *path;
	unsigned add, del;
};

struct patch {
	char *prefix;		/* "net: ne2k" */
	char *body;		/* the description, up to the Signed-off-by: */
	char *diff;
	struct file_stat *files;
	size_t nfiles, filecap;
	unsigned converted, left;
};

struct series {
	struct series_options opt;
	char date[64];
	struct patch *v;
	size_t n, cap;
};

/* RFC 2822 date, as git's: SOURCE_DATE_EPOCH if set (reproducible), else now. */
static void mail_date(char *buf, size_t size)
{
	static const char *const days[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
	static const char *const months[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
					      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	time_t t = epoch && *epoch ? (time_t)strtoll(epoch, NULL, 10) : time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	snprintf(buf, size, "%s, %d %s %d %02d:%02d:%02d +0000", days[tm.tm_wday], tm.tm_mday,
		 months[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
}

struct series *series_new(const struct series_options *opt)
{
	struct series *s = xcalloc(1, sizeof(*s));

	s->opt.ident = xstrndup(opt->ident, strlen(opt->ident));
	s->opt.top = xstrndup(opt->top, strlen(opt->top));
	s->opt.signoff = opt->signoff;
	mail_date(s->date, sizeof(s->date));
	return s;
}

void series_free(struct series *s)
{
	size_t i, k;

	for (i = 0; i < s->n; i++) {
		struct patch *p = &s->v[i];

		for (k = 0; k < p->nfiles; k++)
			free(p->files[k].path);
		free(p->files);
		free(p->prefix);
		free(p->body);
		free(p->diff);
	}
	free(s->v);
	free((char *)s->opt.ident);
	free((char *)s->opt.top);
	free(s);
}

struct series *series_fork(const struct series *s)
{
	struct series *part = xcalloc(1, sizeof(*part));

	part->opt.ident = xstrndup(s->opt.ident, strlen(s->opt.ident));
	part->opt.top = xstrndup(s->opt.top, strlen(s->opt.top));
	part->opt.signoff = s->opt.signoff;
	memcpy(part->date, s->date, sizeof(part->date));
	return part;
}

void series_take(struct series *s, struct series *part)
{
	size_t i;

	for (i = 0; i < part->n; i++) {
		GROW(s->v, s->n, s->cap);
		s->v[s->n++] = part->v[i];
	}
	part->n = 0;
	series_free(part);
}

size_t series_count(const struct series *s)
{
	return s->n;
}

/* A space that put_wrapped() breaks no line at, while the words it joins fit on one. */
#define GLUE '\001'

/* A copy of s with each space glued; to free. */
static char *glued(const char *s)
{
	char *g = xstrndup(s, strlen(s)), *p;

	for (p = g; *p; p++)
		if (*p == ' ')
			*p = GLUE;
	return g;
}

/*
 * Write text word-wrapped to WRAP columns: the first line after first,
 * the others after rest.  Words joined by GLUE stay on one line when
 * they fit on one; a word longer than a line gets one of its own.
 */
static void put_wrapped(FILE *out, const char *first, const char *rest, const char *text)
{
	size_t col = strlen(first), start = col, room = WRAP - strlen(rest);
	size_t gap = 0;	/* the spaces before the word: two after a sentence */
	char *copy = xstrndup(text, strlen(text)), *t, *p;

	/* glued words too long for any line are words again */
	for (t = copy; *t; t += strcspn(t, " ")) {
		size_t w;

		t += strspn(t, " ");
		w = strcspn(t, " ");
		for (p = t; w > room && p < t + w; p++)
			if (*p == GLUE)
				*p = ' ';
	}
	fputs(first, out);
	for (t = copy; *t;) {
		size_t w = strcspn(t, " ");

		if (col > start && col + gap + w > WRAP) {
			fprintf(out, "\n%s", rest);
			col = start = strlen(rest);
		} else if (col > start) {
			fprintf(out, "%.*s", (int)gap, "  ");
			col += gap;
		}
		for (p = t; p < t + w; p++)
			fputc(*p == GLUE ? ' ' : *p, out);
		col += w;
		t += w;
		for (gap = 0; *t == ' '; t++)
			gap += gap < 2;
	}
	fputc('\n', out);
	free(copy);
}

/*
 * The last two components of dir that name something: under arch/, the
 * architecture is the last; elsewhere "drivers" and "." do not count.
 * Each NULL when missing; to free.
 */
static void subsystem_of(const char *dir, char **parent, char **last)
{
	const char *p = dir;
	bool after_arch = false;

	*parent = *last = NULL;
	while (*p) {
		size_t n = strcspn(p, "/");

		if (n && !(n == 1 && *p == '.') && !(n == 7 && !strncmp(p, "drivers", 7))) {
			free(*parent);
			*parent = *last;
			*last = xstrndup(p, n);
		}
		if (after_arch && n) {
			free(*parent);
			*parent = NULL;
			return;
		}
		after_arch = n == 4 && !strncmp(p, "arch", 4);
		p += n;
		while (*p == '/')
			p++;
	}
}

/* f's file name without directory or extension; to free. */
static char *stem_of(const char *path)
{
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	const char *dot = strrchr(base, '.');

	return xstrndup(base, dot ? (size_t)(dot - base) : strlen(base));
}

/*
 * The subject prefix from the module's place: "net: ne2k" for ne2k in
 * drivers/net, "isdn: hisax" for hisax in drivers/isdn/hisax; a
 * directory that is a module and changes one file is named with it,
 * "net: ne2k" for drivers/net/ne2k.c.  To free.
 */
static char *prefix_from_path(const char *name, const char *dir, bool whole_dir,
			      struct mp_file *const *changed, size_t nchanged)
{
	char *parent, *last, *part, *prefix;

	subsystem_of(dir, &parent, &last);
	if (whole_dir && nchanged == 1) {
		free(parent);
		parent = last;
		last = NULL;
		part = stem_of(mp_file_path(changed[0]));
	} else {
		part = xstrndup(name, strlen(name));
	}
	if (last && strcmp(last, name)) {
		free(parent);
		parent = last;
	} else {
		free(last);
	}
	if (parent && strcmp(parent, part))
		prefix = xasprintf("%s: %s", parent, part);
	else
		prefix = xstrndup(part, strlen(part));
	free(parent);
	free(part);
	return prefix;
}

/* path relative to dir when below it, for the description; not allocated. */
static const char *path_in(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	if (n && !strncmp(path, dir, n) && path[n] == '/')
		return path + n + 1;
	return path;
}

static const char why_text[] =
	"MODULE_PARM() is the module parameter interface of Linux 2.4, and it "
	"is obsolete: the compatibility layer that still builds it warns at "
	"every use and at every load of the module.  module_param() checks the "
	"type of the variable when the module is compiled, and shows the "
	"parameter in sysfs.";

/* The conversions of files[0..n), "name (\"type\") -> call", file named when several. */
static void put_converted(FILE *out, const char *dir, struct mp_file *const *files, size_t n,
			  bool name_files)
{
	size_t i, k, nc;

	for (i = 0; i < n; i++) {
		const struct mp_conversion *c = mp_file_conversions(files[i], &nc);

		for (k = 0; k < nc; k++) {
			char *ts = glued(c[k].typestr), *call = glued(c[k].call);
			char *item = xasprintf("%s%s%s (%s) -> %s",
					       name_files ? path_in(mp_file_path(files[i]), dir) : "",
					       name_files ? ": " : "", c[k].name, ts, call);

			put_wrapped(out, "  ", "      ", item);
			free(item);
			free(ts);
			free(call);
		}
	}
}

/* The uses left alone in files[0..n), "file:line: MODULE_PARM(x): why". */
static void put_left_alone(FILE *out, const char *dir, struct mp_file *const *files, size_t n)
{
	static const char cannot[] = "cannot convert ";
	size_t i, k;
	unsigned line;
	const char *msg;

	for (i = 0; i < n; i++)
		for (k = 0; (msg = mp_file_refusal(files[i], k, &line)); k++) {
			char *item;

			if (!strncmp(msg, cannot, strlen(cannot)))
				msg += strlen(cannot);
			item = xasprintf("%s:%u: %s", path_in(mp_file_path(files[i]), dir), line, msg);
			put_wrapped(out, "  ", "      ", item);
			free(item);
		}
}

/* The description of p: why, what was converted, what was left alone and why. */
static void describe(struct patch *p, const char *dir, struct mp_file *const *files, size_t n)
{
	size_t len, i, k, files_with = 0, nc;
	FILE *out = open_memstream(&p->body, &len);
	unsigned line;

	if (!out) {
		fputs("modparm-convert: error: out of memory\n", stderr);
		exit(2);
	}
	for (i = 0; i < n; i++) {
		mp_file_conversions(files[i], &nc);
		files_with += nc > 0;
		p->converted += (unsigned)nc;
		for (k = 0; mp_file_refusal(files[i], k, &line); k++)
			p->left++;
	}
	put_wrapped(out, "", "", why_text);
	fputc('\n', out);
	put_wrapped(out, "", "", p->converted == 1 ? "Convert the parameter (type string, then the call that replaces it):"
						   : "Convert the parameters (type string, then the call that replaces it):");
	fputc('\n', out);
	put_converted(out, dir, files, n, files_with > 1);
	if (p->left) {
		fputc('\n', out);
		put_wrapped(out, "", "", p->left == 1 ? "Leave one use alone, for this reason:"
						      : "Leave these uses alone, for these reasons:");
		fputc('\n', out);
		put_left_alone(out, dir, files, n);
	}
	fclose(out);
}

/* A memory stream, or the end of the program. */
static FILE *mem_stream(char **buf, size_t *len)
{
	FILE *out = open_memstream(buf, len);

	if (!out) {
		fputs("modparm-convert: error: out of memory\n", stderr);
		exit(2);
	}
	return out;
}

/* Whether s[0..n) starts with word w, and where it ends then. */
static bool starts_with(const char *s, size_t n, const char *w, size_t *end)
{
	size_t k = strlen(w);

	if (n < k || memcmp(s, w, k))
		return false;
	*end = k;
	return true;
}

/*
 * Whether a line has __devinit, __devexit, __devinitdata, ... as a
 * word: checkpatch warns of them on every line of a hunk, its context
 * too, and 2.4 drivers are full of them.  A patch that adds none should
 * not be blamed for them, so its context stops short of such lines.
 */
static bool hotplug_marked(const char *line, size_t len)
{
	static const char *const tails[] = { "data", "const", "" };
	size_t i, e, t, k;

	for (i = 0; i + 9 <= len; i++) {
		if ((i && is_idchar((unsigned char)line[i - 1])) || memcmp(line + i, "__dev", 5))
			continue;
		if (!starts_with(line + i + 5, len - i - 5, "init", &e) &&
		    !starts_with(line + i + 5, len - i - 5, "exit", &e))
			continue;
		k = i + 5 + e;
		for (t = 0; t < 3; t++)
			if (starts_with(line + k, len - k, tails[t], &e) &&
			    (k + e == len || !is_idchar((unsigned char)line[k + e])))
				return true;
	}
	return false;
}

/*
 * f's diff with git's header and its path from the top of the work
 * tree, so that git am applies it there; its lines counted into st.
 */
static void put_file_diff(FILE *out, const struct series *s, struct mp_file *f,
			  struct file_stat *st)
{
	const char *path = mp_file_path(f), *rest, *line;
	char *diff;
	size_t len;
	FILE *mem = mem_stream(&diff, &len);

	mp_write_diff_avoiding(f, mem, hotplug_marked);
	fclose(mem);
	while (!strncmp(path, "./", 2))
		path += 2;
	if (path[0] == '/' || !strncmp(path, "../", 3) || strstr(path, "/../"))
		st->path = xstrndup(path, strlen(path));
	else
		st->path = xasprintf("%s%s", s->opt.top, path);
	/* mp_write_diff()'s "--- a/" and "+++ b/" lines give way to ours */
	rest = strchr(diff, '\n');
	rest = rest ? strchr(rest + 1, '\n') : NULL;
	rest = rest ? rest + 1 : diff + len;
	fprintf(out, "diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n", st->path, st->path, st->path,
		st->path);
	fputs(rest, out);
	st->add = st->del = 0;
	for (line = rest; *line; line += strcspn(line, "\n") + (line[strcspn(line, "\n")] != 0)) {
		st->add += *line == '+';
		st->del += *line == '-';
	}
	free(diff);
}

void series_add(struct series *s, const char *name, const char *dir, bool whole_dir,
		struct mp_file *const *files, size_t n)
{
	struct mp_file **changed = xcalloc(n + 1, sizeof(*changed));
	char **paths = xcalloc(n + 1, sizeof(*paths));
	size_t nchanged = 0, i, len;
	struct patch *p;
	FILE *out;

	for (i = 0; i < n; i++)
		if (mp_file_output(files[i], &len)) {
			changed[nchanged] = files[i];
			paths[nchanged++] = (char *)mp_file_path(files[i]);
		}
	if (!nchanged)
		goto out;
	GROW(s->v, s->n, s->cap);
	p = &s->v[s->n++];
	memset(p, 0, sizeof(*p));
	p->prefix = git_subject_prefix(paths, nchanged);
	if (!p->prefix)
		p->prefix = prefix_from_path(name, dir, whole_dir, changed, nchanged);
	describe(p, dir, files, n);
	out = mem_stream(&p->diff, &len);
	for (i = 0; i < nchanged; i++) {
		GROW(p->files, p->nfiles, p->filecap);
		put_file_diff(out, s, changed[i], &p->files[p->nfiles++]);
	}
	fclose(out);
out:
	free(changed);
	free(paths);
}

static unsigned digits(size_t v)
{
	unsigned d = 1;

	while (v >= 10) {
		v /= 10;
		d++;
	}
	return d;
}

/* "n" marks c, or n scaled to the graph's width and never below one. */
static void put_marks(FILE *out, char c, size_t n, size_t most, size_t width)
{
	size_t k = most > width ? (n * width + most - 1) / most : n;

	while (k--)
		fputc(c, out);
}

/* git's diffstat: " path | N ++--" per file, then the totals. */
static void put_diffstat(FILE *out, const struct file_stat *fs, size_t n)
{
	size_t namew = 0, most = 0, cntw, graphw, i, adds = 0, dels = 0;

	for (i = 0; i < n; i++) {
		if (strlen(fs[i].path) > namew)
			namew = strlen(fs[i].path);
		if (fs[i].add + fs[i].del > most)
			most = fs[i].add + fs[i].del;
	}
	cntw = digits(most);
	graphw = namew + cntw + 5 + 10 < WRAP ? WRAP - (namew + cntw + 5) : 10;
	for (i = 0; i < n; i++) {
		fprintf(out, " %-*s | %*u ", (int)namew, fs[i].path, (int)cntw, fs[i].add + fs[i].del);
		put_marks(out, '+', fs[i].add, most, graphw);
		put_marks(out, '-', fs[i].del, most, graphw);
		fputc('\n', out);
		adds += fs[i].add;
		dels += fs[i].del;
	}
	fprintf(out, " %zu file%s changed", n, n == 1 ? "" : "s");
	if (adds)
		fprintf(out, ", %zu insertion%s(+)", adds, adds == 1 ? "" : "s");
	if (dels)
		fprintf(out, ", %zu deletion%s(-)", dels, dels == 1 ? "" : "s");
	fputc('\n', out);
}

static const char subject_text[] = "convert MODULE_PARM() to module_param()";

/* The mail header of patch number nr (0: the cover letter). */
static void put_header(FILE *out, const struct series *s, size_t nr, const char *prefix)
{
	fprintf(out, "From %s Mon Sep 17 00:00:00 2001\nFrom: %s\nDate: %s\n", NULL_COMMIT,
		s->opt.ident, s->date);
	if (s->n == 1 && nr)
		fputs("Subject: [PATCH] ", out);
	else
		fprintf(out, "Subject: [PATCH %0*zu/%zu] ", (int)digits(s->n), nr, s->n);
	if (nr)
		fprintf(out, "%s: %s\n\n", prefix, subject_text);
	else
		fprintf(out, "%s in %zu module%s\n\n", subject_text, s->n, s->n == 1 ? "" : "s");
}

static void put_trailer(FILE *out)
{
	fprintf(out, "-- \nmodparm-convert %s\n\n", MP_VERSION);
}

/* Patch i of the series, as one mbox message. */
static void put_patch(FILE *out, const struct series *s, size_t i)
{
	const struct patch *p = &s->v[i];

	put_header(out, s, i + 1, p->prefix);
	fputs(p->body, out);
	if (s->opt.signoff)
		fprintf(out, "\nSigned-off-by: %s\n", s->opt.ident);
	fputs("---\n", out);
	put_diffstat(out, p->files, p->nfiles);
	fputc('\n', out);
	fputs(p->diff, out);
	put_trailer(out);
}

/* The cover letter: why, the totals, and a line per patch. */
static void put_cover(FILE *out, const struct series *s)
{
	size_t i, k, w = strlen("module"), nfiles = 0, all = 0;
	unsigned converted = 0, left = 0;
	struct file_stat *fs;
	char *text;

	for (i = 0; i < s->n; i++) {
		converted += s->v[i].converted;
		left += s->v[i].left;
		nfiles += s->v[i].nfiles;
		if (strlen(s->v[i].prefix) > w)
			w = strlen(s->v[i].prefix);
	}
	put_header(out, s, 0, NULL);
	put_wrapped(out, "", "", why_text);
	fputc('\n', out);
	text = xasprintf("This series converts %u use%s of MODULE_PARM() in %zu module%s "
			 "(%zu file%s), one patch per module.  %s",
			 converted, converted == 1 ? "" : "s", s->n, s->n == 1 ? "" : "s",
			 nfiles, nfiles == 1 ? "" : "s",
			 !left ? "No use is left alone." : left == 1 ?
			 "One use is left alone: its patch says why." :
			 "Some uses are left alone: their patches say why.");
	put_wrapped(out, "", "", text);
	free(text);
	fprintf(out, "\n  %*s  %-*s  converted  left alone\n", (int)digits(s->n), "#", (int)w,
		"module");
	for (i = 0; i < s->n; i++)
		fprintf(out, "  %*zu  %-*s  %9u  %10u\n", (int)digits(s->n), i + 1, (int)w,
			s->v[i].prefix, s->v[i].converted, s->v[i].left);
	fputc('\n', out);
	fs = xcalloc(nfiles + 1, sizeof(*fs));
	for (i = 0; i < s->n; i++)
		for (k = 0; k < s->v[i].nfiles; k++)
			fs[all++] = s->v[i].files[k];
	put_diffstat(out, fs, all);
	free(fs);
	fputc('\n', out);
	put_trailer(out);
}

/* git's file name for a subject: letters, digits, '.' and '_', other runs one '-'. */
static char *slug(const char *subject)
{
	char *out = xcalloc(strlen(subject) + 1, 1);
	size_t n = 0;

	for (; *subject && n < SLUG_MAX; subject++) {
		if (is_alpha(*subject) || is_digit(*subject) || *subject == '_' ||
		    (*subject == '.' && n && out[n - 1] != '.' && out[n - 1] != '-'))
			out[n++] = *subject;
		else if (n && out[n - 1] != '-')
			out[n++] = '-';
	}
	while (n && (out[n - 1] == '-' || out[n - 1] == '.'))
		out[--n] = '\0';
	return out;
}

/* Write one file of the series: the cover letter for i == s->n. */
static int write_one(const struct series *s, const char *dir, size_t i, char **path)
{
	char *subject, *name;
	FILE *out;

	if (i == s->n) {
		*path = xasprintf("%s/0000-cover-letter.patch", dir);
	} else {
		subject = xasprintf("%s: %s", s->v[i].prefix, subject_text);
		name = slug(subject);
		*path = xasprintf("%s/%04zu-%s.patch", dir, i + 1, name);
		free(name);
		free(subject);
	}
	out = fopen(*path, "w");
	if (!out)
		return -1;
	if (i == s->n)
		put_cover(out, s);
	else
		put_patch(out, s, i);
	if (ferror(out)) {
		fclose(out);
		return -1;
	}
	return fclose(out);
}

int series_write_dir(const struct series *s, const char *dir, const char **failed)
{
	static char *path;
	size_t i;

	free(path);
	path = NULL;
	if (mkdir(dir, 0777) < 0 && errno != EEXIST) {
		*failed = dir;
		return -1;
	}
	for (i = 0; s->n && i <= s->n; i++) {
		free(path);
		if (write_one(s, dir, i, &path) < 0) {
			*failed = path;
			return -1;
		}
	}
	return 0;
}

void series_write_stream(const struct series *s, FILE *out)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		put_patch(out, s, i);
}
