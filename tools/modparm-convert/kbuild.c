// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: modules, not files.  A directory's Kbuild or Makefile
 * names what it links: 2.6's "obj-$(CONFIG_X) += x.o" with x-objs or
 * x-y, and 2.4's obj-m, list-multi and x-objs.  Files of one module are
 * converted together, and a declaration is looked up only there and in
 * the headers they include: never in an unrelated driver.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hmap.h"
#include "kbuild.h"
#include "util.h"

/* path opened for reading if it is a regular file (never a FIFO to wait on), else NULL */
static FILE *open_regular(const char *path)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
	struct stat st;
	FILE *fp;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || !(fp = fdopen(fd, "r"))) {
		close(fd);
		return NULL;
	}
	return fp;
}

/* A Makefile's variables, each with every value assigned to it joined. */
struct makefile {
	char **name, **value;
	size_t n, cap;
};

/* The variable named name[0..len), added empty when new. */
static size_t mk_var(struct makefile *mk, const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < mk->n; i++)
		if (word_is(name, len, mk->name[i]))
			return i;
	if (mk->n == mk->cap) {
		mk->cap = mk->cap ? mk->cap * 2 : 32;
		mk->name = xrealloc(mk->name, mk->cap * sizeof(*mk->name));
		mk->value = xrealloc(mk->value, mk->cap * sizeof(*mk->value));
	}
	mk->name[mk->n] = xstrndup(name, len);
	mk->value[mk->n] = xstrndup("", 0);
	return mk->n++;
}

/* "NAME op value", op one of = := ?= +=: store it; other lines are ignored. */
static void mk_assign(struct makefile *mk, const char *line)
{
	const char *p = line, *name, *val;
	size_t nlen, i;
	int depth = 0, append;
	char *old;

	while (*p == ' ' || *p == '\t')
		p++;
	name = p;
	for (; *p && (depth || (*p != ' ' && *p != '\t' && *p != '=' && *p != ':' &&
				*p != '+' && *p != '?')); p++)
		depth += (*p == '(') - (*p == ')');
	nlen = (size_t)(p - name);
	while (*p == ' ' || *p == '\t')
		p++;
	append = p[0] == '+';
	if (!nlen || !(p[0] == '=' || (strchr(":+?", p[0]) && p[0] && p[1] == '=')))
		return;
	val = p + (p[0] == '=' ? 1 : 2);
	i = mk_var(mk, name, nlen);
	old = mk->value[i];
	mk->value[i] = xasprintf("%s %s", append ? old : "", val);
	free(old);
}

/* Read dir's Kbuild or Makefile; false when neither names an obj- list. */
static bool mk_read(struct makefile *mk, const char *dir)
{
	static const char *const names[] = { "Kbuild", "Makefile" };
	char *path = NULL, *line = NULL, *joined = NULL;
	size_t cap = 0, i, k;
	bool objs = false;
	FILE *fp = NULL;
	ssize_t len;

	memset(mk, 0, sizeof(*mk));
	for (k = 0; k < 2 && !fp; k++) {
		free(path);
		path = xasprintf("%s%s%s", dir, *dir ? "/" : "", names[k]);
		fp = open_regular(path);
	}
	free(path);
	if (!fp)
		return false;
	joined = xstrndup("", 0);
	while ((len = getline(&line, &cap, fp)) >= 0) {
		char *hash = strchr(line, '#'), *tmp;
		bool more;

		if (hash)
			*hash = '\0', len = hash - line;
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		more = len && line[len - 1] == '\\' && !hash;
		if (more)
			line[len - 1] = ' ';
		tmp = xasprintf("%s%s", joined, line);
		free(joined);
		joined = tmp;
		if (more)
			continue;
		mk_assign(mk, joined);
		joined[0] = '\0';
	}
	free(joined);
	free(line);
	fclose(fp);
	for (i = 0; i < mk->n; i++)
		objs |= !strncmp(mk->name[i], "obj-", 4);
	return objs;
}

static void mk_free(struct makefile *mk)
{
	size_t i;

	for (i = 0; i < mk->n; i++) {
		free(mk->name[i]);
		free(mk->value[i]);
	}
	free(mk->name);
	free(mk->value);
}

/* A list of words, each allocated. */
struct words {
	char **v;
	size_t n, cap;
};

static void words_free(struct words *w)
{
	size_t i;

	for (i = 0; i < w->n; i++)
		free(w->v[i]);
	free(w->v);
	memset(w, 0, sizeof(*w));
}

static void mk_expand(const struct makefile *mk, const char *value, struct words *out, int depth);

/* The word s[0..len): "$(NAME)" of a variable of mk is its words, else itself. */
static void mk_word(const struct makefile *mk, const char *s, size_t len, struct words *out,
		    int depth)
{
	size_t i;

	if (len > 3 && s[0] == '$' && s[1] == '(' && s[len - 1] == ')' && depth < 8) {
		for (i = 0; i < mk->n; i++)
			if (word_is(s + 2, len - 3, mk->name[i])) {
				mk_expand(mk, mk->value[i], out, depth + 1);
				return;
			}
	}
	GROW(out->v, out->n, out->cap);
	out->v[out->n++] = xstrndup(s, len);
}

/* The words of value, with the variables of mk that it names expanded. */
static void mk_expand(const struct makefile *mk, const char *value, struct words *out, int depth)
{
	const char *p = value;

	for (;;) {
		const char *s;
		int paren = 0;

		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			return;
		for (s = p; *p && (paren || (*p != ' ' && *p != '\t')); p++)
			paren += (*p == '(') - (*p == ')');
		mk_word(mk, s, (size_t)(p - s), out, depth);
	}
}

/*
 * Whether variable name lists the parts of composite object x: x-objs,
 * x-y, x-m, x-objs-y, x-objs-m, x-$(CONFIG_...) or x-objs-$(CONFIG_...).
 */
static bool names_parts_of(const char *name, const char *x)
{
	size_t n = strlen(x);
	const char *rest = name + n;

	if (strncmp(name, x, n) || *rest != '-')
		return false;
	if (!strncmp(rest, "-objs", 5))
		rest += 5;
	return !*rest || !strcmp(rest, "-y") || !strcmp(rest, "-m") || !strncmp(rest, "-$(", 3);
}

/* The words of every variable of mk whose name starts with prefix or, for x, lists its parts. */
static void mk_list(const struct makefile *mk, const char *prefix, const char *x,
		    struct words *out)
{
	size_t i;

	for (i = 0; i < mk->n; i++) {
		if (prefix ? !strncmp(mk->name[i], prefix, strlen(prefix))
			   : names_parts_of(mk->name[i], x))
			mk_expand(mk, mk->value[i], out, 0);
	}
}

static bool has_word(const struct words *w, const char *s)
{
	size_t i;

	for (i = 0; i < w->n; i++)
		if (!strcmp(w->v[i], s))
			return true;
	return false;
}

/*
 * Whether x is the directory's O_TARGET: in 2.4, "obj-m := $(O_TARGET)"
 * links every object of obj-y into that one module, as fs/ntfs does.
 */
static bool is_o_target(const struct makefile *mk, const char *x)
{
	struct words target = { 0 };
	bool yes;

	mk_list(mk, "O_TARGET", NULL, &target);
	yes = target.n == 1 && strlen(target.v[0]) == strlen(x) + 2 &&
	      !strncmp(target.v[0], x, strlen(x)) && !strcmp(target.v[0] + strlen(x), ".o");
	words_free(&target);
	return yes;
}

/*
 * The module that links the object obj ("foo.o") of mk's directory: the
 * first composite of the obj- lists or list-multi that has it as a part,
 * else the object itself.  To free.
 */
static char *module_of(const struct makefile *mk, const char *obj)
{
	struct words cands = { 0 }, parts = { 0 };
	char *found = NULL;
	size_t i, len;

	mk_list(mk, "obj-", NULL, &cands);
	mk_list(mk, "list-multi", NULL, &cands);
	for (i = 0; i < cands.n && !found; i++) {
		len = strlen(cands.v[i]);
		if (len < 3 || strcmp(cands.v[i] + len - 2, ".o") || strchr(cands.v[i], '/'))
			continue;
		cands.v[i][len - 2] = '\0';
		mk_list(mk, NULL, cands.v[i], &parts);
		if (is_o_target(mk, cands.v[i]))
			mk_list(mk, "obj-y", NULL, &parts);
		if (has_word(&parts, obj))
			found = xstrndup(cands.v[i], len - 2);
		words_free(&parts);
	}
	words_free(&cands);
	if (!found)
		found = xstrndup(obj, strlen(obj) - 2);
	return found;
}

/* A directory of given files, and what its Makefile says. */
struct kdir {
	char *path;
	bool has_mk;
	struct makefile mk;
};

/* What kb_group() works with. */
struct grouping {
	char *const *paths;
	size_t n;
	struct kdir *dirs;
	size_t ndir, dircap;
	size_t *dir_of;		/* each path's directory */
	unsigned *owner;	/* each path's module, or NONE */
	struct idxlist {
		size_t *v;
		size_t n, cap;
	} *incs;		/* each path's #include "..." of given files */
	struct hmap by_path;	/* normalised path -> index */
	char **norm;
	struct kb_modules *mods;
};

/* The directory part of path, "" for none; to free. */
static char *dir_part(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xstrndup(path, (size_t)(slash - path)) : xstrndup("", 0);
}

static size_t find_dir(struct grouping *g, const char *path)
{
	char *dir = dir_part(path);
	size_t i;

	for (i = 0; i < g->ndir; i++)
		if (!strcmp(g->dirs[i].path, dir)) {
			free(dir);
			return i;
		}
	GROW(g->dirs, g->ndir, g->dircap);
	g->dirs[g->ndir].path = dir;
	g->dirs[g->ndir].has_mk = mk_read(&g->dirs[g->ndir].mk, dir);
	return g->ndir++;
}

/* The module of directory d named name (taken over), added when new. */
static unsigned find_module(struct grouping *g, size_t d, char *name, bool whole_dir)
{
	struct kb_modules *mods = g->mods;
	struct kb_module *m;
	size_t i;

	for (i = 0; i < mods->n; i++)
		if (!strcmp(mods->v[i].dir, g->dirs[d].path) && !strcmp(mods->v[i].name, name)) {
			free(name);
			return (unsigned)i;
		}
	GROW(mods->v, mods->n, mods->cap);
	m = &mods->v[mods->n];
	memset(m, 0, sizeof(*m));
	m->name = name;
	m->dir = xstrndup(g->dirs[d].path, strlen(g->dirs[d].path));
	m->whole_dir = whole_dir;
	return (unsigned)mods->n++;
}

static void add_index(size_t **v, size_t *n, size_t *cap, size_t i)
{
	GROW(*v, *n, *cap);
	(*v)[(*n)++] = i;
}

/* The name of directory dir as a module: its last component. */
static char *dir_module_name(const char *dir)
{
	const char *slash = strrchr(dir, '/');
	char *cwd, *name;

	if (*dir && strcmp(dir, "."))
		return xstrndup(slash ? slash + 1 : dir, strlen(slash ? slash + 1 : dir));
	cwd = getcwd(NULL, 0);
	slash = cwd ? strrchr(cwd, '/') : NULL;
	name = xstrndup(slash && slash[1] ? slash + 1 : "module",
			strlen(slash && slash[1] ? slash + 1 : "module"));
	free(cwd);
	return name;
}

/* Path i's module: its composite, itself, or its directory. */
static void place_source(struct grouping *g, size_t i)
{
	const char *path = g->paths[i], *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	size_t d = g->dir_of[i] = find_dir(g, path), blen = strlen(base);
	struct kb_module *m;
	unsigned k;

	if (g->dirs[d].has_mk) {
		char *obj = xasprintf("%.*s.o", (int)(blen - 2), base);

		k = find_module(g, d, module_of(&g->dirs[d].mk, obj), false);
		free(obj);
	} else {
		k = find_module(g, d, dir_module_name(g->dirs[d].path), true);
	}
	m = &g->mods->v[k];
	add_index(&m->own, &m->nown, &m->owncap, i);
	g->owner[i] = k;
}

/* Path i's #include "..." lines that name given files, beside it as the compiler looks. */
static void scan_includes(struct grouping *g, size_t i)
{
	FILE *fp = open_regular(g->paths[i]);
	char *line = NULL, *dir = dir_part(g->paths[i]);
	size_t cap = 0;

	while (fp && getline(&line, &cap, fp) >= 0) {
		char *p = line, *end, *joined, *norm;
		unsigned k;

		while (*p == ' ' || *p == '\t')
			p++;
		if (*p++ != '#')
			continue;
		while (*p == ' ' || *p == '\t')
			p++;
		if (strncmp(p, "include", 7))
			continue;
		for (p += 7; *p == ' ' || *p == '\t'; p++)
			;
		if (*p != '"' || !(end = strchr(p + 1, '"')))
			continue;
		joined = xasprintf("%s%s%.*s", p[1] == '/' ? "" : dir, *dir && p[1] != '/' ? "/" : "",
				   (int)(end - p - 1), p + 1);
		norm = norm_path(joined, strlen(joined));
		k = hget(&g->by_path, norm, strlen(norm));
		if (k != NONE && k != i)
			add_index(&g->incs[i].v, &g->incs[i].n, &g->incs[i].cap, k);
		free(norm);
		free(joined);
	}
	free(line);
	free(dir);
	if (fp)
		fclose(fp);
}

/*
 * The headers module k's files include, directly or through others:
 * the first module to include one owns it, the later ones read it.
 */
static void claim_headers(struct grouping *g, unsigned k, unsigned char *seen)
{
	struct kb_module *m = &g->mods->v[k];
	size_t *queue = xcalloc(g->n, sizeof(*queue)), head = 0, tail = 0, i, j;

	memset(seen, 0, g->n);
	for (i = 0; i < m->nown; i++) {
		queue[tail++] = m->own[i];
		seen[m->own[i]] = 1;
	}
	for (; head < tail; head++) {
		const struct idxlist *inc = &g->incs[queue[head]];

		for (j = 0; j < inc->n; j++) {
			size_t h = inc->v[j];

			if (seen[h])
				continue;
			seen[h] = 1;
			queue[tail++] = h;
			m = &g->mods->v[k];
			if (g->owner[h] == NONE) {
				g->owner[h] = k;
				add_index(&m->own, &m->nown, &m->owncap, h);
			} else if (g->owner[h] != k) {
				add_index(&m->ctx, &m->nctx, &m->ctxcap, h);
			}
		}
	}
	free(queue);
}

/* A header that no module includes: with its directory, or on its own. */
static void place_header(struct grouping *g, size_t i)
{
	const char *path = g->paths[i], *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	size_t d = g->dir_of[i] = find_dir(g, path);
	struct kb_module *m;
	unsigned k;

	if (g->dirs[d].has_mk)
		k = find_module(g, d, xstrndup(base, strlen(base) - 2), false);
	else
		k = find_module(g, d, dir_module_name(g->dirs[d].path), true);
	m = &g->mods->v[k];
	add_index(&m->own, &m->nown, &m->owncap, i);
	g->owner[i] = k;
}

static int cmp_index(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

static int cmp_module(const void *a, const void *b)
{
	return cmp_index(((const struct kb_module *)a)->own, ((const struct kb_module *)b)->own);
}

static bool is_header(const char *path)
{
	size_t n = strlen(path);

	return n > 2 && !strcmp(path + n - 2, ".h");
}

void kb_group(char *const *paths, size_t n, struct kb_modules *mods)
{
	struct grouping g = { .paths = paths, .n = n, .mods = mods };
	unsigned char *seen = xcalloc(n + 1, 1);
	size_t i;

	memset(mods, 0, sizeof(*mods));
	g.dir_of = xcalloc(n + 1, sizeof(*g.dir_of));
	g.owner = xcalloc(n + 1, sizeof(*g.owner));
	g.incs = xcalloc(n + 1, sizeof(*g.incs));
	g.norm = xcalloc(n + 1, sizeof(*g.norm));
	for (i = 0; i < n; i++) {
		struct hent *e;

		g.owner[i] = NONE;
		g.norm[i] = norm_path(paths[i], strlen(paths[i]));
		e = hslot(&g.by_path, g.norm[i], strlen(g.norm[i]));
		if (e->val == NONE)
			e->val = (unsigned)i;
	}
	for (i = 0; i < n; i++)
		scan_includes(&g, i);
	for (i = 0; i < n; i++)
		if (!is_header(paths[i]))
			place_source(&g, i);
	for (i = 0; i < mods->n; i++)
		claim_headers(&g, (unsigned)i, seen);
	for (i = 0; i < n; i++)
		if (g.owner[i] == NONE)
			place_header(&g, i);
	for (i = 0; i < mods->n; i++) {
		qsort(mods->v[i].own, mods->v[i].nown, sizeof(size_t), cmp_index);
		if (mods->v[i].nctx)
			qsort(mods->v[i].ctx, mods->v[i].nctx, sizeof(size_t), cmp_index);
	}
	if (mods->n)
		qsort(mods->v, mods->n, sizeof(*mods->v), cmp_module);
	for (i = 0; i < g.ndir; i++) {
		free(g.dirs[i].path);
		mk_free(&g.dirs[i].mk);
	}
	for (i = 0; i < n; i++) {
		free(g.incs[i].v);
		free(g.norm[i]);
	}
	free(g.dirs);
	free(g.dir_of);
	free(g.owner);
	free(g.incs);
	free(g.norm);
	free(g.by_path.e);
	free(seen);
}

void kb_free(struct kb_modules *mods)
{
	size_t i;

	for (i = 0; i < mods->n; i++) {
		free(mods->v[i].name);
		free(mods->v[i].dir);
		free(mods->v[i].own);
		free(mods->v[i].ctx);
	}
	free(mods->v);
	memset(mods, 0, sizeof(*mods));
}
