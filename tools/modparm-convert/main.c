// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: rewrite legacy MODULE_PARM() uses into module_param(),
 * module_param_array() and module_param_string().
 */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gitinfo.h"
#include "kbuild.h"
#include "modparm.h"
#include "pool.h"
#include "series.h"
#include "util.h"

static int had_error;

/* One line on standard error: "modparm-convert: LEVEL: ...". */
static void vsay(const char *level, const char *fmt, va_list ap)
{
	fprintf(stderr, "modparm-convert: %s: ", level);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

static void error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay("error", fmt, ap);
	va_end(ap);
	had_error = 1;
}

/* Something the user may want to know, on standard error; not an error. */
static void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay("note", fmt, ap);
	va_end(ap);
}

/* An error whose text read_file() made: printed as error() prints. */
static void put_error(const char *msg)
{
	error("%s", msg);
}

/* Out of memory, in any thread: the end of the run. */
static void out_of_memory(void)
{
	fputs("modparm-convert: error: out of memory\n", stderr);
	exit(2);
}

static void usage(FILE *out)
{
	fputs("usage: modparm-convert [options] PATH...\n"
	      "\n"
	      "Convert legacy MODULE_PARM(var, \"type\") uses in C files (directories are\n"
	      "searched recursively for *.c and *.h) to module_param(), module_param_array()\n"
	      "and module_param_string().  By default a unified diff is printed.  A file\n"
	      "named that does not end in .c or .h is skipped with a note.\n"
	      "\n"
	      "  -i, --in-place        edit the files in place\n"
	      "      --backup=SUFFIX   with -i, keep the original as FILE.SUFFIX\n"
	      "      --report          list every legacy use and what was left alone\n"
	      "      --perm MODE       octal sysfs permission for new parameters (default 0)\n"
	      "      --delete-dead     delete dead parameters: MODULE_PARM() of a variable that\n"
	      "                        nothing declares, with its MODULE_PARM_DESC()\n"
	      "      --check-syntax    check that each file tokenises with balanced brackets\n"
	      "      --count           print the number of MODULE_PARM uses of each file\n"
	      "                        that has any\n"
	      "      --format-patch DIR  write one patch per module to DIR, as git\n"
	      "                        format-patch does, with a cover letter\n"
	      "      --stdout          write the patches to stdout as one mbox instead\n"
	      "      --from=IDENT      the patches' author, \"Name <email>\" (default: git config)\n"
	      "  -s, --signoff         add Signed-off-by: (the default); --no-signoff omits it\n"
	      "  -j, --jobs[=N]        convert N modules at a time (default 1; 0 or no N:\n"
	      "                        one per online CPU); the output is the same\n"	      "  -q, --quiet           do not print 'cannot convert' warnings on stderr\n"
	      "  -h, --help            show this help\n"
	      "  -V, --version         show the version\n"
	      "\n"
	      "Exit status: 0 nothing to convert, 1 conversions made or pending (or,\n"
	      "with --report, something reported), 2 error.\n", out);
}

/* ------------------------------------------------------------------ */
/* file list                                                           */

struct input {
	char *path;		/* path to open */
	char *disp;		/* displayed path */
	struct stat st;
	int explicit_arg;
	bool unreadable;	/* its module's job could not read it */
};

static struct input *inputs;
static size_t ninputs, incap;

static void add_input(const char *path, int explicit_arg, const struct stat *st)
{
	struct input *in;

	if (ninputs == incap) {
		incap = incap ? incap * 2 : 64;
		inputs = realloc(inputs, incap * sizeof(*inputs));
		if (!inputs) {
			error("out of memory");
			exit(2);
		}
	}
	in = &inputs[ninputs++];
	in->path = strdup(path);
	in->disp = strdup(path);
	in->st = *st;
	in->explicit_arg = explicit_arg;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int is_source(const char *name)
{
	size_t n = strlen(name);

	return n > 2 && name[n - 2] == '.' && (name[n - 1] == 'c' || name[n - 1] == 'h');
}

static void walk(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, cap = 0, i;

	if (!d) {
		error("cannot read '%s': %s", dir, strerror(errno));
		return;
	}
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 32;
			names = realloc(names, cap * sizeof(*names));
			if (!names) {
				error("out of memory");
				exit(2);
			}
		}
		names[n++] = strdup(de->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n; i++) {
		size_t len = strlen(dir) + strlen(names[i]) + 2;
		char *p = malloc(len);
		struct stat st;

		if (!p) {
			error("out of memory");
			exit(2);
		}
		snprintf(p, len, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", names[i]);
		if (lstat(p, &st) == 0) {
			/* symbolic links met while walking are skipped */
			if (S_ISDIR(st.st_mode))
				walk(p);
			else if (S_ISREG(st.st_mode) && is_source(names[i]))
				add_input(p, 0, &st);
		}
		free(p);
		free(names[i]);
	}
	free(names);
}

/*
 * strerror()'s text for e, copied under a lock: -j workers read files
 * side by side, and strerror() need not be thread-safe.
 */
static char *errno_text(int e)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	char *s;

	pthread_mutex_lock(&lock);
	s = xstrndup(strerror(e), strlen(strerror(e)));
	pthread_mutex_unlock(&lock);
	return s;
}

/* "cannot read 'path': why", for read_file()'s caller to print; to free. */
static char *cannot_read(const char *path, int e, const char *why)
{
	char *text = why ? NULL : errno_text(e);
	char *msg = xasprintf("cannot read '%s': %s", path, why ? why : text);

	free(text);
	return msg;
}

/*
 * The whole of the regular file path, with its status in *st; NULL when
 * it cannot be read, and *why then says so (to free).  It prints
 * nothing, so that a -j worker can call it.
 */
static char *read_file(const char *path, size_t *len, struct stat *st, char **why)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
	char *buf;
	size_t n = 0;

	*why = NULL;
	if (fd < 0) {
		*why = cannot_read(path, errno, NULL);
		return NULL;
	}
	if (fstat(fd, st) < 0) {
		*why = cannot_read(path, errno, NULL);
		close(fd);
		return NULL;
	}
	if (!S_ISREG(st->st_mode)) {
		*why = cannot_read(path, 0, "not a regular file");
		close(fd);
		return NULL;
	}
	buf = malloc((size_t)st->st_size + 1);
	if (!buf) {
		*why = cannot_read(path, ENOMEM, NULL);
		close(fd);
		return NULL;
	}
	for (;;) {
		ssize_t r;

		if (n == (size_t)st->st_size) {
			char c;

			/* the file grew: read the rest too */
			r = read(fd, &c, 1);
			if (r == 0)
				break;
			if (r < 0) {
				if (errno == EINTR)
					continue;
				goto fail;
			}
			*why = cannot_read(path, 0, "file changed while reading");
			free(buf);
			close(fd);
			return NULL;
		}
		r = read(fd, buf + n, (size_t)st->st_size - n);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			goto fail;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	buf[n] = '\0';
	*len = n;
	return buf;
fail:
	*why = cannot_read(path, errno, NULL);
	free(buf);
	close(fd);
	return NULL;
}

static int write_all(int fd, const char *buf, size_t n)
{
	while (n) {
		ssize_t w = write(fd, buf, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		buf += w;
		n -= (size_t)w;
	}
	return 0;
}

static int same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

static void write_in_place(const char *path, const struct stat *orig, const char *buf, size_t n,
			   const char *backup)
{
	char *dcopy = strdup(path), *bcopy = strdup(path), *tmp;
	const char *dir, *base;
	struct stat now;
	size_t tl;
	int fd;

	if (!dcopy || !bcopy) {
		error("out of memory");
		exit(2);
	}
	dir = dirname(dcopy);
	base = basename(bcopy);
	tl = strlen(dir) + strlen(base) + 16;
	tmp = malloc(tl);
	if (!tmp) {
		error("out of memory");
		exit(2);
	}
	snprintf(tmp, tl, "%s/.%s.XXXXXX", dir, base);

	if (lstat(path, &now) < 0) {
		error("cannot write '%s': %s", path, strerror(errno));
		goto out;
	}
	if (S_ISLNK(now.st_mode)) {
		error("refusing to replace the symbolic link '%s'", path);
		goto out;
	}
	fd = mkstemp(tmp);
	if (fd < 0) {
		error("cannot create a temporary file for '%s': %s", path, strerror(errno));
		goto out;
	}
	if (write_all(fd, buf, n) < 0 || fchmod(fd, orig->st_mode & 07777) < 0 || fsync(fd) < 0) {
		error("cannot write '%s': %s", tmp, strerror(errno));
		close(fd);
		unlink(tmp);
		goto out;
	}
	if (fchown(fd, orig->st_uid, orig->st_gid) < 0) {
		/* not being able to keep the owner is not fatal */
	}
	if (close(fd) < 0) {
		error("cannot write '%s': %s", tmp, strerror(errno));
		unlink(tmp);
		goto out;
	}
	/*
	 * Tests widen the window between reading the file and replacing it,
	 * as git's GIT_TEST_* knobs do, to check that a change made meanwhile
	 * is noticed.
	 */
	if (getenv("MODPARM_CONVERT_TEST_PAUSE"))
		sleep((unsigned int)atoi(getenv("MODPARM_CONVERT_TEST_PAUSE")));
	if (lstat(path, &now) < 0 || S_ISLNK(now.st_mode) || !same_file(orig, &now)) {
		error("'%s' changed while being converted; left untouched", path);
		unlink(tmp);
		goto out;
	}
	if (backup) {
		size_t bl = strlen(path) + strlen(backup) + 1;
		char *bk = malloc(bl);

		if (!bk) {
			error("out of memory");
			exit(2);
		}
		snprintf(bk, bl, "%s%s", path, backup);
		unlink(bk);
		if (link(path, bk) < 0) {
			error("cannot create backup '%s': %s", bk, strerror(errno));
			free(bk);
			unlink(tmp);
			goto out;
		}
		free(bk);
	}
	if (rename(tmp, path) < 0) {
		error("cannot write '%s': %s", path, strerror(errno));
		unlink(tmp);
		goto out;
	}
out:
	free(tmp);
	free(dcopy);
	free(bcopy);
}

/* display path: relative to the current directory when possible */
static char *display_path(const char *p)
{
	char cwd[PATH_MAX];

	while (p[0] == '.' && p[1] == '/')
		p += 2;
	if (p[0] == '/' && getcwd(cwd, sizeof(cwd))) {
		size_t n = strlen(cwd);

		if (!strncmp(p, cwd, n) && p[n] == '/')
			p += n + 1;
	}
	return strdup(p);
}

static int parse_perm(const char *s, char *out, size_t outsz)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 8);
	if (!*s || *end || errno || v < 0 || v > 0777) {
		error("invalid permission '%s': expected an octal mode up to 0777", s);
		return -1;
	}
	if (v & 02) {
		error("permission '%s' is world-writable; the kernel refuses that", s);
		return -1;
	}
	/* the kernel's VERIFY_OCTAL_PERMISSIONS ordering rules */
	if (((v >> 6) & 4) < ((v >> 3) & 4) || ((v >> 3) & 4) < (v & 4) ||
	    ((v >> 6) & 2) < ((v >> 3) & 2)) {
		error("permission '%s' gives group or others more than the owner", s);
		return -1;
	}
	if (v == 0)
		snprintf(out, outsz, "0");
	else
		snprintf(out, outsz, "0%03lo", v);
	return 0;
}

enum { OPT_REPORT = 256, OPT_PERM, OPT_BACKUP, OPT_CHECK, OPT_COUNT, OPT_FORMAT_PATCH,
       OPT_STDOUT, OPT_FROM, OPT_NO_SIGNOFF, OPT_DELETE_DEAD };

/* What the command line asks for. */
struct cmdline {
	bool in_place, report, check, count, quiet, delete_dead;
	const char *backup;	/* --backup's suffix, or NULL */
	char perm[16];		/* --perm, normalised */
	/* --format-patch's directory or --stdout: a series of patches */
	const char *patch_dir;
	bool patch_stdout, no_signoff;
	const char *from;	/* --from's identity, or NULL: git config's */
	unsigned jobs;		/* -j: modules converted at a time */
};

/* The option of getopt_long()'s answer c; an exit status when it ends the run, else -1. */
static int take_option(int c, struct cmdline *cl)
{
	switch (c) {
	case 'i':
		cl->in_place = true;
		break;
	case OPT_REPORT:
		cl->report = true;
		break;
	case OPT_PERM:
		if (parse_perm(optarg, cl->perm, sizeof(cl->perm)))
			return 2;
		break;
	case OPT_BACKUP:
		if (!*optarg || strchr(optarg, '/')) {
			error("invalid backup suffix '%s'", optarg);
			return 2;
		}
		cl->backup = optarg;
		break;
	case OPT_CHECK:
		cl->check = true;
		break;
	case OPT_COUNT:
		cl->count = true;
		break;
	case 'q':
		cl->quiet = true;
		break;
	case OPT_FORMAT_PATCH:
		cl->patch_dir = optarg;
		break;
	case OPT_STDOUT:
		cl->patch_stdout = true;
		break;
	case OPT_FROM:
		cl->from = optarg;
		break;
	case 's':
		cl->no_signoff = false;
		break;
	case OPT_DELETE_DEAD:
		cl->delete_dead = true;
		break;
	case OPT_NO_SIGNOFF:
		cl->no_signoff = true;
		break;
	case 'h':
		usage(stdout);
		return 0;
	case 'V':
		printf("modparm-convert %s\n", MP_VERSION);
		return 0;
	default:
		usage(stderr);
		return 2;
	}
	return -1;
}

/* --format-patch and --stdout exclude each other and the other modes. */
static int check_patch_options(const struct cmdline *cl)
{
	if (cl->patch_dir && cl->patch_stdout) {
		error("--format-patch and --stdout cannot be combined");
		return 2;
	}
	if ((cl->patch_dir || cl->patch_stdout) &&
	    (cl->in_place || cl->report || cl->check || cl->count)) {
		error("--format-patch and --stdout cannot be combined with -i, --report, --check-syntax or --count");
		return 2;
	}
	if (cl->from && *cl->from && (!strchr(cl->from, '<') || cl->from[strlen(cl->from) - 1] != '>')) {
		error("invalid identity '%s': expected 'Name <email>'", cl->from);
		return 2;
	}
	return -1;
}

/*
 * -j N, --jobs N, --jobs=N: N modules at a time, 0 or no number for one
 * per online CPU.  A number after a bare -j or --jobs is its argument,
 * as make's -j takes one; a path that is all digits is then written ./N.
 */
static int take_jobs(int argc, char **argv, struct cmdline *cl)
{
	const char *arg = optarg;
	unsigned long v;
	char *end;

	if (!arg && optind < argc && argv[optind][0] &&
	    strspn(argv[optind], "0123456789") == strlen(argv[optind]))
		arg = argv[optind++];
	if (!arg) {
		cl->jobs = pool_cpus();
		return -1;
	}
	errno = 0;
	v = strtoul(arg, &end, 10);
	if (!*arg || *end || errno || !strchr("0123456789", *arg) || v > 4096) {
		error("invalid job count '%s': expected a number up to 4096, 0 for one job per CPU", arg);
		return 2;
	}
	cl->jobs = v ? (unsigned)v : pool_cpus();
	return -1;
}

/* Read the options into cl: an exit status when the run ends here, else -1. */
static int parse_args(int argc, char **argv, struct cmdline *cl)
{
	static const struct option longopts[] = {
		{ "in-place", no_argument, NULL, 'i' },
		{ "report", no_argument, NULL, OPT_REPORT },
		{ "perm", required_argument, NULL, OPT_PERM },
		{ "backup", required_argument, NULL, OPT_BACKUP },
		{ "check-syntax", no_argument, NULL, OPT_CHECK },
		{ "count", no_argument, NULL, OPT_COUNT },
		{ "quiet", no_argument, NULL, 'q' },
		{ "format-patch", required_argument, NULL, OPT_FORMAT_PATCH },
		{ "stdout", no_argument, NULL, OPT_STDOUT },
		{ "from", optional_argument, NULL, OPT_FROM },
		{ "signoff", no_argument, NULL, 's' },
		{ "no-signoff", no_argument, NULL, OPT_NO_SIGNOFF },
		{ "delete-dead", no_argument, NULL, OPT_DELETE_DEAD },
		{ "jobs", optional_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	int c, rc;

	memset(cl, 0, sizeof(*cl));
	strcpy(cl->perm, "0");
	cl->jobs = 1;
	while ((c = getopt_long(argc, argv, "ij::qshV", longopts, NULL)) != -1)
		if ((rc = c == 'j' ? take_jobs(argc, argv, cl) : take_option(c, cl)) >= 0)
			return rc;
	if (optind >= argc) {
		error("no input files");
		usage(stderr);
		return 2;
	}
	if (cl->backup && !cl->in_place) {
		error("--backup needs --in-place");
		return 2;
	}
	if (cl->report && cl->in_place) {
		error("--report and --in-place cannot be combined");
		return 2;
	}
	return check_patch_options(cl);
}

/* The files the paths name, directories walked. */
static void gather_inputs(char **paths, int n, const struct cmdline *cl)
{
	int i;

	for (i = 0; i < n; i++) {
		const char *p = paths[i];
		struct stat st;

		if (lstat(p, &st) < 0) {
			error("cannot read '%s': %s", p, strerror(errno));
			continue;
		}
		if (S_ISLNK(st.st_mode)) {
			if (cl->in_place) {
				error("refusing to replace the symbolic link '%s'", p);
				continue;
			}
			if (stat(p, &st) < 0) {
				error("cannot read '%s': %s", p, strerror(errno));
				continue;
			}
		}
		if (S_ISDIR(st.st_mode))
			walk(p);
		else if (!is_source(p))
			note("skipping '%s': not a C file (.c or .h)", p);
		else
			add_input(p, 1, &st);
	}
}

/* --check-syntax and --count: each file on its own. */
static int check_or_count(const struct cmdline *cl)
{
	int bad = 0;
	size_t i;

	for (i = 0; i < ninputs; i++) {
		struct stat st;
		size_t len;
		char *why, *buf = read_file(inputs[i].path, &len, &st, &why), *dp;
		char text[128];
		unsigned n;

		if (!buf) {
			put_error(why);
			free(why);
			continue;
		}
		dp = display_path(inputs[i].path);
		if (cl->check) {
			bad |= mp_check_syntax(buf, len, text, sizeof(text));
			printf("%s: %s\n", dp, text);
		} else if ((n = mp_count_uses(buf, len)) > 0) {
			/* only the files that have uses */
			printf("%s: %u\n", dp, n);
		}
		free(dp);
		free(buf);
	}
	return had_error ? 2 : bad;
}

/*
 * A file that a module's job could not read, and why; printed when the
 * module's turn comes.  A header of another module that cannot be read
 * is that module's error, printed once, by it: the job of a module that
 * reads it for context says so only when its owner could read it.
 */
struct read_error {
	size_t input;
	bool own;
	char *msg;
};

/* Where a file's part of a job's stderr and stdout text ends. */
struct mark {
	size_t err, out;
};

/*
 * One module's conversion, from the worker that makes it to its turn to
 * be written: what it writes to stderr and stdout, file by file, so that
 * the streams get the same bytes in the same order as without -j.
 */
struct job {
	struct mp_ctx *ctx;	/* -i: kept for the files to be written in turn */
	size_t *idx;		/* the ctx's files, as indexes into inputs[] */
	bool *own;		/* whether each is one of the module's own */
	size_t n;
	struct read_error *errs;
	size_t nerr, errcap;
	char *err, *out;
	size_t errlen, outlen;
	FILE *errf, *outf;
	struct mark *marks;	/* after each own file */
	size_t nmark, markcap;
	struct series *patch;	/* --format-patch: the module's patch, if any */
	bool pending;
};

/* A whole run of jobs: one per module, slots for those not yet written. */
struct run {
	const struct cmdline *cl;
	const struct kb_modules *mods;
	struct series *series;
	struct job *slots;
	bool pending;
};

static FILE *mem_stream(char **buf, size_t *len)
{
	FILE *f = open_memstream(buf, len);

	if (!f)
		out_of_memory();
	return f;
}

/*
 * Read module m's files into the job's context, in the order given: its
 * own, and the headers of other modules that it includes.  Files that
 * cannot be read are left out, and noted in j->errs.
 */
static void add_files(struct job *j, const struct kb_module *m)
{
	size_t a = 0, b = 0;

	while (a < m->nown || b < m->nctx) {
		bool mine = b == m->nctx || (a < m->nown && m->own[a] < m->ctx[b]);
		size_t i = mine ? m->own[a++] : m->ctx[b++], len;
		struct stat st;
		char *buf, *dp, *why;

		buf = read_file(inputs[i].path, &len, mine ? &inputs[i].st : &st, &why);
		if (!buf) {
			GROW(j->errs, j->nerr, j->errcap);
			j->errs[j->nerr++] = (struct read_error){ i, mine, why };
			continue;
		}
		dp = display_path(inputs[i].path);
		mp_add(j->ctx, dp, buf, len);
		free(dp);
		j->idx[j->n] = i;
		j->own[j->n++] = mine;
	}
}

/* Report, print or write what became of f; whether anything is pending. */
static bool put_result(const struct cmdline *cl, struct mp_file *f, const struct input *in,
		       FILE *out, FILE *err)
{
	const char *text;
	size_t len;

	if (cl->report) {
		struct mp_stats st;

		mp_write_report(f, out, MP_REPORT_ALL);
		mp_file_stats(f, &st);
		return st.diags > 0;
	}
	if (!cl->quiet)
		mp_write_report(f, err, MP_REPORT_REFUSED);
	text = mp_file_output(f, &len);
	if (!text)
		return false;
	if (cl->in_place)
		write_in_place(in->path, &in->st, text, len, cl->backup);
	else
		mp_write_diff(f, out);
	return true;
}

/* The module's own converted files, for --format-patch: its patch. */
static bool add_patch(const struct cmdline *cl, struct series *series, const struct kb_module *m,
		      struct job *j)
{
	struct mp_file **mine = xcalloc(j->n + 1, sizeof(*mine));
	bool pending = false;
	size_t k, nmine = 0, len;

	for (k = 0; k < j->n; k++) {
		struct mp_file *f = mp_file_at(j->ctx, k);

		if (!j->own[k])
			continue;
		if (!cl->quiet)
			mp_write_report(f, j->errf, MP_REPORT_REFUSED);
		if (mp_file_output(f, &len))
			pending = true;
		mine[nmine++] = f;
	}
	series_add(series, m->name, m->dir, m->whole_dir, mine, nmine);
	free(mine);
	return pending;
}

/* Mark where the job's text so far ends, for emit_job() to write in turn. */
static void mark_streams(struct job *j)
{
	fflush(j->errf);
	fflush(j->outf);
	GROW(j->marks, j->nmark, j->markcap);
	j->marks[j->nmark++] = (struct mark){ j->errlen, j->outlen };
}

/*
 * A worker's part: convert module i's files together, and unless they
 * are to be written in place, make its text for stdout and stderr.
 */
static void work_job(void *arg, size_t i, size_t slot)
{
	struct run *r = arg;
	const struct cmdline *cl = r->cl;
	const struct kb_module *m = &r->mods->v[i];
	struct mp_options opt = { .perm = cl->perm, .delete_dead = cl->delete_dead };
	struct job *j = &r->slots[slot];
	size_t k;

	memset(j, 0, sizeof(*j));
	j->ctx = mp_new(&opt);
	j->idx = xcalloc(m->nown + m->nctx + 1, sizeof(*j->idx));
	j->own = xcalloc(m->nown + m->nctx + 1, sizeof(*j->own));
	add_files(j, m);
	mp_run(j->ctx);
	if (cl->in_place)
		return;
	j->errf = mem_stream(&j->err, &j->errlen);
	j->outf = mem_stream(&j->out, &j->outlen);
	if (r->series) {
		j->patch = series_fork(r->series);
		j->pending = add_patch(cl, j->patch, m, j);
		mark_streams(j);
	}
	for (k = 0; k < j->n; k++) {
		struct mp_file *f = mp_file_at(j->ctx, k);

		if (!r->series && j->own[k]) {
			if (put_result(cl, f, NULL, j->outf, j->errf))
				j->pending = true;
			mark_streams(j);
		}
		mp_file_release(f);
	}
	if (fclose(j->errf) != 0 || fclose(j->outf) != 0)
		out_of_memory();
	mp_free(j->ctx);
	j->ctx = NULL;
}

/* The read errors of a job, in its turn: see struct read_error. */
static void put_read_errors(struct job *j)
{
	size_t k;

	for (k = 0; k < j->nerr; k++) {
		struct read_error *e = &j->errs[k];

		if (e->own || !inputs[e->input].unreadable)
			put_error(e->msg);
		if (e->own)
			inputs[e->input].unreadable = true;
		free(e->msg);
	}
	free(j->errs);
}

/* -i, in the job's turn: write each own file that changed. */
static void write_job(const struct cmdline *cl, struct job *j)
{
	size_t k;

	for (k = 0; k < j->n; k++) {
		struct mp_file *f = mp_file_at(j->ctx, k);

		if (j->own[k] && put_result(cl, f, &inputs[j->idx[k]], stdout, stderr))
			j->pending = true;
		mp_file_release(f);
	}
	mp_free(j->ctx);
}

/* Module i's turn, in the calling thread: write what its worker made. */
static void emit_job(void *arg, size_t i, size_t slot)
{
	struct run *r = arg;
	struct job *j = &r->slots[slot];
	struct mark last = { 0, 0 };
	size_t k;

	(void)i;
	put_read_errors(j);
	if (r->cl->in_place) {
		write_job(r->cl, j);
	} else {
		for (k = 0; k < j->nmark; k++) {
			fwrite(j->err + last.err, 1, j->marks[k].err - last.err, stderr);
			fwrite(j->out + last.out, 1, j->marks[k].out - last.out, stdout);
			last = j->marks[k];
		}
		if (j->patch)
			series_take(r->series, j->patch);
	}
	if (j->pending)
		r->pending = true;
	free(j->err);
	free(j->out);
	free(j->marks);
	free(j->idx);
	free(j->own);
}

/* For --format-patch and --stdout: the series, with its author; NULL after an error. */
static struct series *new_series(const struct cmdline *cl)
{
	struct series_options opt = { .signoff = !cl->no_signoff };
	char *ident = cl->from && *cl->from ? strdup(cl->from) : git_ident();
	char *top = git_show_prefix();
	struct series *s = NULL;

	if (!ident) {
		error("no identity for the patches' From: and Signed-off-by:; set git config user.name and user.email, or give --from");
	} else {
		opt.ident = ident;
		opt.top = top ? top : "";
		s = series_new(&opt);
	}
	free(ident);
	free(top);
	return s;
}

/* Write the series where the command line says. */
static void write_series(const struct cmdline *cl, struct series *s)
{
	const char *failed;

	if (cl->patch_stdout)
		series_write_stream(s, stdout);
	else if (series_write_dir(s, cl->patch_dir, &failed) < 0)
		error("cannot write '%s': %s", failed, strerror(errno));
}

/*
 * Convert the inputs module by module, as Kbuild links them: cl->jobs
 * modules at a time, each written in its turn.
 */
static int convert_all(const struct cmdline *cl)
{
	struct kb_modules mods;
	char **paths = xcalloc(ninputs + 1, sizeof(*paths));
	struct run r = { .cl = cl, .mods = &mods };
	size_t i;

	if (cl->patch_dir || cl->patch_stdout) {
		r.series = new_series(cl);
		if (!r.series) {
			free(paths);
			return 2;
		}
	}
	for (i = 0; i < ninputs; i++)
		paths[i] = inputs[i].path;
	kb_group(paths, ninputs, &mods);
	r.slots = xcalloc(pool_window(cl->jobs), sizeof(*r.slots));
	pool_run(mods.n, cl->jobs, work_job, emit_job, &r);
	free(r.slots);
	if (r.series) {
		write_series(cl, r.series);
		series_free(r.series);
	}
	if (fflush(stdout) != 0 || ferror(stdout))
		error("cannot write the output: %s", strerror(errno));
	kb_free(&mods);
	free(paths);
	return had_error ? 2 : r.pending;
}

int main(int argc, char **argv)
{
	struct cmdline cl;
	int rc = parse_args(argc, argv, &cl);
	size_t i;

	if (rc >= 0)
		return rc;
	gather_inputs(argv + optind, argc - optind, &cl);
	rc = cl.check || cl.count ? check_or_count(&cl) : convert_all(&cl);
	for (i = 0; i < ninputs; i++) {
		free(inputs[i].path);
		free(inputs[i].disp);
	}
	free(inputs);
	return rc;
}
