/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compat/modparm.h - MODULE_PARM() for stock kernels, as a header only
 *
 * Build a Linux 2.4-era driver that still says MODULE_PARM(var, "type")
 * out of tree against an unpatched kernel (Debian's linux-headers 6.1 and
 * 6.12 are tested), with this header included before the driver's own
 * code, e.g. "ccflags-y += -include $(src)/modparm.h" in its Kbuild file.
 *
 * It follows the modparm series (patches/ of the modparm project) as
 * closely as a header can, with the same type classes and the same build
 * errors.  A kernel that has the series defines MODULE_PARM() itself in
 * <linux/moduleparam.h>: then the series' version wins and this header
 * adds nothing.
 *
 * The type string is "[MIN[-MAX]]L": L is b (byte), h (short), i (int),
 * l (long), s (char *) or c<LEN> (char[LEN]); no count takes exactly one
 * value, MIN exactly MIN comma-separated values, MIN-MAX between MIN and
 * MAX values.  Each use:
 *   - warns at build time (-DMODPARM_QUIET silences it), and is named in
 *     the one warning the module prints when it loads (which nothing
 *     silences: it is for whoever loads the module);
 *   - is a build error if its letter does not fit the variable's C type,
 *     or if the variable has no room for MAX values (when the compiler can
 *     fold the count out of the literal; otherwise a value is refused when
 *     the module loads);
 *   - is a real kernel_param in __param, read-only to root in sysfs
 *     (0400) and a hardware parameter (refused under lockdown), whose ops
 *     decode the type string and set the values through the kernel's own
 *     exported setters (param_array_ops, param_ops_int, ...,
 *     param_set_copystring()).  A value that does not fit, or a wrong
 *     number of values, refuses the module with a message naming the
 *     module, the parameter and the reason.
 *
 * Differences from the series: a header has no hook in the loader, so it
 * takes the module's init instead.  It defines init_module() (weak, in
 * every file of the module) and renames the driver's own, written the 2.4
 * way or made by module_init(), to call it last.  There, before the
 * driver's init, every MODULE_PARM() record is checked (variable in the
 * module's data, type string valid, room for MAX values) and a bad one
 * refuses the module, then the load warning names the obsolete
 * parameters; the series' loader does both before it sets any value, the
 * header after the values are set (a value given to a bad record is
 * refused by its own check first).  The load warning points at
 * compat/README.md.  A module that had no init gets one; it tells the
 * loader it has none, so that it unloads as before.  A variable in
 * __initdata takes its values before the module's init, as in 2.4, but
 * reading it in sysfs afterwards fails (ENODATA) where the series leaves
 * it out of sysfs.
 */
#ifndef _COMPAT_MODPARM_H
#define _COMPAT_MODPARM_H

#include <linux/version.h>
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/stringify.h>

#if LINUX_VERSION_CODE < KERNEL_VERSION(5, 10, 0)
#error "compat/modparm.h: needs Linux 5.10 or later (tested: 6.1, 6.12)"
#endif

#ifndef MODULE_PARM	/* else the kernel has the modparm series: use its own */

/* The type classes, as in the series' <linux/moduleparam.h>. */
enum obsolete_param_class {
	OBSPARM_NONE,
	OBSPARM_BYTE,
	OBSPARM_SHORT,
	OBSPARM_INT,
	OBSPARM_LONG,
	OBSPARM_CHARP,
	OBSPARM_CONST,
	OBSPARM_CHARS,
	OBSPARM_ARRAY = 0x10,
};

#define __OBSPARM_TYPES(ptr)						\
	char ptr : OBSPARM_BYTE, signed char ptr : OBSPARM_BYTE,	\
	unsigned char ptr : OBSPARM_BYTE,				\
	short ptr : OBSPARM_SHORT, unsigned short ptr : OBSPARM_SHORT,	\
	int ptr : OBSPARM_INT, unsigned int ptr : OBSPARM_INT,		\
	long ptr : OBSPARM_LONG, unsigned long ptr : OBSPARM_LONG,	\
	char *ptr : OBSPARM_CHARP, const char *ptr : OBSPARM_CHARP,	\
	const char ptr : OBSPARM_CONST,					\
	const signed char ptr : OBSPARM_CONST,				\
	const unsigned char ptr : OBSPARM_CONST,			\
	const short ptr : OBSPARM_CONST,				\
	const unsigned short ptr : OBSPARM_CONST,			\
	const int ptr : OBSPARM_CONST,					\
	const unsigned int ptr : OBSPARM_CONST,				\
	const long ptr : OBSPARM_CONST,					\
	const unsigned long ptr : OBSPARM_CONST,			\
	char *const ptr : OBSPARM_CONST,				\
	const char *const ptr : OBSPARM_CONST,				\
	bool ptr : OBSPARM_NONE, long long ptr : OBSPARM_NONE,		\
	unsigned long long ptr : OBSPARM_NONE

/* &var names a scalar's type; an array decays to a pointer to its elements. */
#define __obsparm_elem_class(var)					\
	_Generic((var), __OBSPARM_TYPES(*), default :			\
		__alignof__(__typeof__(var)) == 1 ?			\
		OBSPARM_CHARS : OBSPARM_NONE)
#define __obsparm_class(var)						\
	_Generic(&(var), __OBSPARM_TYPES(*), default :			\
		OBSPARM_ARRAY | __obsparm_elem_class(var))

/* Whether type letter @letter may describe a variable of class @class. */
static __always_inline bool obsolete_param_fits(char letter, unsigned int class)
{
	unsigned int elem = class & ~OBSPARM_ARRAY;

	switch (letter) {
	case 'b':
		return elem == OBSPARM_BYTE;
	case 'h':
		return elem == OBSPARM_SHORT;
	case 'i':
		return elem == OBSPARM_INT;
	case 'l':
		return elem == OBSPARM_LONG;
	case 's':
		return elem == OBSPARM_CHARP;
	case 'c':
		return class == (OBSPARM_ARRAY | OBSPARM_BYTE) ||
		       class == (OBSPARM_ARRAY | OBSPARM_CHARS);
	}
	return false;
}

/**
 * struct obsolete_param_type - what a MODULE_PARM() type string describes
 * @min: fewest comma-separated values accepted
 * @max: most values accepted
 * @size: bytes one value occupies in the variable
 * @len: for "c<LEN>", the size of each char buffer
 * @letter: the type letter: b, h, i, l, s or c
 */
struct obsolete_param_type {
	unsigned int min;
	unsigned int max;
	unsigned int size;
	unsigned int len;
	char letter;
};

/* Counts and lengths above this are not parameters, as in the series. */
#define OBSOLETE_PARAM_LIMIT	65535

#define __modparm_isdigit(c)	((c) >= '0' && (c) <= '9')

/*
 * Decimal digits at @s into @val; NULL if there are none or too many.
 * Without a loop, so that gcc and clang fold it whole on a literal.  A
 * character is read only after a digit: never past the terminating NUL.
 */
static __always_inline const char *__modparm_count(const char *s,
						   unsigned int *val)
{
	unsigned int v, n = 0;

	if (!__modparm_isdigit(s[n]))
		return NULL;
	v = s[n++] - '0';
	if (n == 1 && __modparm_isdigit(s[n]))
		v = v * 10 + (s[n++] - '0');
	if (n == 2 && __modparm_isdigit(s[n]))
		v = v * 10 + (s[n++] - '0');
	if (n == 3 && __modparm_isdigit(s[n]))
		v = v * 10 + (s[n++] - '0');
	if (n == 4 && __modparm_isdigit(s[n]))
		v = v * 10 + (s[n++] - '0');
	if ((n == 5 && __modparm_isdigit(s[n])) || v > OBSOLETE_PARAM_LIMIT)
		return NULL;
	*val = v;
	return s + n;
}

/*
 * obsolete_param_parse_type - decode a type string, "[MIN[-MAX]]L"
 * Return: NULL if @type is valid (and @t filled in), else why not.  The
 * same grammar, limits and reasons as the series' decoder.  Always
 * inline: at the use, on a literal, the compiler can fold it whole.
 */
static __always_inline const char *
obsolete_param_parse_type(const char *type, struct obsolete_param_type *t)
{
	const char *p = type;
	unsigned int min = 1, max = 1, len = 0, size;
	char letter;

	if (__modparm_isdigit(*p)) {
		p = __modparm_count(p, &min);
		if (!p)
			return "count is too large";
		max = min;
		if (*p == '-') {
			p = __modparm_count(p + 1, &max);
			if (!p)
				return "range has no valid maximum";
		}
	}
	if (!max)
		return "it takes no values";
	if (min > max)
		return "minimum count is above the maximum";
	letter = *p++;
	switch (letter) {
	case '\0':
		return "type letter is missing";
	case 'b':
		size = sizeof(unsigned char);
		break;
	case 'h':
		size = sizeof(short);
		break;
	case 'i':
		size = sizeof(int);
		break;
	case 'l':
		size = sizeof(long);
		break;
	case 's':
		size = sizeof(char *);
		break;
	case 'c':
		p = __modparm_count(p, &len);
		if (!p)
			return "string length is missing or too large";
		if (!len)
			return "string length is zero";
		size = len;
		break;
	default:
		return "unknown type letter";
	}
	if (*p)
		return "trailing characters after the type letter";
	t->min = min;
	t->max = max;
	t->size = size;
	t->len = len;
	t->letter = letter;
	return NULL;
}

/* Bytes the values of @type take, 0 if it does not decode. */
static __always_inline unsigned long __modparm_bytes(const char *type)
{
	struct obsolete_param_type t;

	if (obsolete_param_parse_type(type, &t))
		return 0;
	return (unsigned long)t.max * t.size;
}

/* At run time, one copy of the decoder for all the ops. */
static noinline const char * __maybe_unused
__modparm_parse(const char *type, struct obsolete_param_type *t)
{
	return obsolete_param_parse_type(type, t);
}

/* The letter of a type string literal: its last character, or c<LEN>. */
#define __obsparm_last(type)	((type)[sizeof(type) - 2 + (sizeof(type) < 2)])
#define __obsparm_letter(type)						\
	(__obsparm_last(type) >= '0' && __obsparm_last(type) <= '9' ?	\
	 'c' : __obsparm_last(type))

/* The series' build errors, word for word. */
#define __MODULE_PARM_FITS(var, _type, cls, what, use)			\
	compiletime_assert(__obsparm_class(var) != (cls) ||		\
			   obsolete_param_fits(__obsparm_letter(_type),	\
					       __obsparm_class(var)),	\
			   "MODULE_PARM(" #var ", " #_type "): " #var	\
			   " is " what ": use " use)

#define __MODULE_PARM_FITS_BOTH(var, _type, cls, what, l, t)		\
	do {								\
		__MODULE_PARM_FITS(var, _type, cls, what,		\
			"\"" l "\" or module_param(.., " t ", 0)");	\
		__MODULE_PARM_FITS(var, _type, OBSPARM_ARRAY | (cls),	\
			what " array", "\"" l "\" with a count or "	\
			"module_param_array(.., " t ", NULL, 0)");	\
	} while (0)

/*
 * Room for MAX values: a build error when the compiler folds the literal
 * (gcc and clang do at -O2), a refusal when a value is given otherwise.
 */
#define __MODULE_PARM_ROOM(var, _type)					\
	do {								\
		const unsigned long __need = __modparm_bytes(_type);	\
									\
		compiletime_assert(!__builtin_constant_p(__need) ||	\
				   __need <= sizeof(var),		\
			"MODULE_PARM(" #var ", " #_type "): " #var	\
			" has no room for the values " #_type		\
			" takes: make it larger or the count smaller");	\
	} while (0)

/*
 * Make it warn first: every use warns where it is written, with gcc and
 * clang alike, as in the series.  -DMODPARM_QUIET silences it.
 */
#ifdef MODPARM_QUIET
#define __MODULE_PARM_WARN(var)		do { } while (0)
#else
#define __MODULE_PARM_PRAGMA(x)		_Pragma(#x)
#define __MODULE_PARM_WARNING(msg)	__MODULE_PARM_PRAGMA(GCC warning msg)
#define __MODULE_PARM_WARN(var)						\
	__MODULE_PARM_WARNING(__stringify(				\
		MODULE_PARM(var) is obsolete, use module_param,	\
		module_param_array or module_param_string, see		\
		compat/README.md))
#endif

/*
 * No endbr in a function nothing calls indirectly (x86 IBT kernels).
 * asm/ibt.h has it on x86; elsewhere it is nothing.
 */
#ifndef __noendbr
#define __noendbr
#endif

/*
 * The checks run in a function of their own, because the letter is folded
 * from the literal, which is no integer constant expression: a
 * static_assert() cannot see it.  Once compiled, the function is of no
 * use, so it goes where the module linker script throws sections away, and
 * carries nothing that would point into it from a section that stays: no
 * ftrace or call-padding entry (notrace, no patchable entry), no endbr to
 * seal, and no return (a return thunk site): it ends in a trap.  In
 * .init.text, each was all of those for the loader to process at every
 * load, on Debian's kernels.
 */
#define __MODULE_PARM_CHECK(var, _type)					\
	static void __used notrace __noendbr				\
	__section(".discard.obsparm_check")				\
	__attribute__((__patchable_function_entry__(0, 0), __noreturn__)) \
	__obsparm_check_##var(void)					\
	{								\
		__MODULE_PARM_WARN(var);				\
		__MODULE_PARM_FITS(var, _type, OBSPARM_BYTE, "a char",	\
			"\"b\" or module_param(.., byte, 0)");		\
		__MODULE_PARM_FITS(var, _type, OBSPARM_ARRAY | OBSPARM_BYTE, \
			"a char array", "\"c\" and its size, or "	\
			"module_param_string(), for a string; "		\
			"\"b\" with a count for bytes");		\
		__MODULE_PARM_FITS_BOTH(var, _type, OBSPARM_SHORT, "a short", "h", "short"); \
		__MODULE_PARM_FITS_BOTH(var, _type, OBSPARM_INT, "an int", "i", "int"); \
		__MODULE_PARM_FITS_BOTH(var, _type, OBSPARM_LONG, "a long", "l", "long"); \
		__MODULE_PARM_FITS_BOTH(var, _type, OBSPARM_CHARP, "a char *", "s", "charp"); \
		__MODULE_PARM_FITS(var, _type, OBSPARM_ARRAY | OBSPARM_CHARS, \
			"an array of arrays", "\"c\" with a count and "	\
			"the size of the inner arrays");		\
		__MODULE_PARM_FITS(var, _type, OBSPARM_CONST, "const",	\
			"a variable a parameter may write");		\
		__MODULE_PARM_FITS(var, _type, OBSPARM_ARRAY | OBSPARM_CONST, \
			"a const array", "an array a parameter may write"); \
		__MODULE_PARM_FITS(var, _type, OBSPARM_NONE,		\
			"of a type no letter describes", "module_param() with its type"); \
		__MODULE_PARM_FITS(var, _type, OBSPARM_ARRAY | OBSPARM_NONE, \
			"an array of a type no letter describes",	\
			"module_param_array() with its type");		\
		__MODULE_PARM_ROOM(var, _type);				\
		__builtin_trap();					\
	}

/**
 * struct obsolete_param - a MODULE_PARM() parameter, as the compiler saw it
 * @type: the type string, "[MIN[-MAX]]L"
 * @addr: the variable
 * @size: sizeof the variable
 * @line: the line of the MODULE_PARM(), and
 * @seq: its __COUNTER__, for the uses on one line: the load warning lists
 *	the parameters in source order, while compilers lay out __param
 *	either way
 * @class: the variable's enum obsolete_param_class
 *
 * MODULE_PARM() aligns each record to a pointer, as __param does: at 32
 * bytes, gcc would align it to 32 on x86_64 and pad what lies between.
 */
struct obsolete_param {
	const char *type;
	void *addr;
	unsigned int size;
	unsigned int line : 24;
	unsigned int class : 8;
	unsigned int seq;
};

/*
 * The ops, one set per object file that includes this header (the module's
 * own code: nothing is exported).  They refuse with a message that names
 * the module, the parameter and the reason.
 */
#define __modparm_err(kp, fmt, ...)					\
	pr_err("%s: parameter %s: " fmt "\n", KBUILD_MODNAME,		\
	       (kp)->name, ##__VA_ARGS__)

static const struct kernel_param_ops __modparm_string_ops __maybe_unused = {
	.set = param_set_copystring,
	.get = param_get_string,
};

/* The exported ops that parse and show one value of letter @letter. */
static inline const struct kernel_param_ops *__modparm_elem_ops(char letter)
{
	switch (letter) {
	case 'b':
		return &param_ops_byte;
	case 'h':
		return &param_ops_short;
	case 'i':
		return &param_ops_int;
	case 'l':
		return &param_ops_long;
	case 's':
		return &param_ops_charp;
	}
	return &__modparm_string_ops;
}

/*
 * Whether the variable is in the module's memory for as long as the
 * module is loaded: not in __initdata, freed after its init.
 */
static inline bool __modparm_in_core(const struct obsolete_param *op)
{
#ifdef MODULE
	return within_module_core((unsigned long)op->addr, THIS_MODULE);
#else
	return true;
#endif
}

/* Decode and check a record: its type string, letter, room and place. */
static inline int __modparm_decode(const struct kernel_param *kp,
				   struct obsolete_param_type *t)
{
	const struct obsolete_param *op = kp->arg;
	const char *why = __modparm_parse(op->type, t);

	if (why) {
		__modparm_err(kp, "type \"%s\" refused: %s", op->type, why);
		return -EINVAL;
	}
	if (!obsolete_param_fits(t->letter, op->class)) {
		__modparm_err(kp, "type \"%s\" refused: its type letter does not fit its variable's C type",
			      op->type);
		return -EINVAL;
	}
	if (op->size < (u64)t->max * t->size) {
		__modparm_err(kp, "type \"%s\" refused: needs %llu bytes, but its variable has %u",
			      op->type, (u64)t->max * t->size, op->size);
		return -EINVAL;
	}
	/* Per-cpu data, say, is elsewhere: values would miss the variable. */
	if (!__modparm_in_core(op) &&
	    !within_module_init((unsigned long)op->addr, THIS_MODULE)) {
		__modparm_err(kp, "its variable is not in the module's memory");
		return -EINVAL;
	}
	return 0;
}

static inline const char *__modparm_what(char letter)
{
	switch (letter) {
	case 'b':
		return "a byte (0 to 255)";
	case 'h':
		return "a short";
	case 'i':
		return "an int";
	case 'l':
		return "a long";
	}
	return "a string of at most 1024 characters";
}

static int __maybe_unused __modparm_set(const char *val,
					const struct kernel_param *kp)
{
	const struct obsolete_param *op = kp->arg;
	struct obsolete_param_type t;
	struct kparam_string *strs = NULL;
	struct kparam_array arr;
	struct kernel_param p = *kp;
	unsigned int i, n, num = 0;
	int err;

	err = __modparm_decode(kp, &t);
	if (err)
		return err;
	if (!val) {
		__modparm_err(kp, "needs a value");
		return -EINVAL;
	}
	/* param_array_ops takes 1 to max values: count them first. */
	for (n = 1, i = 0; val[i]; i++)
		n += val[i] == ',';
	if (n > t.max) {
		__modparm_err(kp, "can only take %u arguments", t.max);
		return -EINVAL;
	}
	if (n < t.min) {
		__modparm_err(kp, "needs at least %u arguments", t.min);
		return -EINVAL;
	}
	arr.max = t.max;
	arr.elemsize = t.size;
	arr.num = &num;
	arr.ops = __modparm_elem_ops(t.letter);
	arr.elem = op->addr;
	if (t.letter == 'c') {
		/*
		 * param_set_copystring() finds its buffer and length through
		 * kernel_param.str: a descriptor per buffer while setting.
		 */
		strs = kmalloc_array(t.max, sizeof(*strs), GFP_KERNEL);
		if (!strs)
			return -ENOMEM;
		for (i = 0; i < t.max; i++) {
			strs[i].maxlen = t.len;
			strs[i].string = (char *)op->addr + (size_t)i * t.len;
		}
		arr.elemsize = sizeof(*strs);
		arr.elem = strs;
	}
	p.arr = &arr;
	err = param_array_ops.set(val, &p);
	kfree(strs);
	if (!err)
		return 0;
	/*
	 * param_array_ops cut the value at each comma it passed, and @num
	 * values were taken: the one after them was refused.
	 */
	for (i = 0; i < num; i++)
		val += strlen(val) + 1;
	if (t.letter == 'c')
		__modparm_err(kp, "value %u (\"%.64s\") is too long: at most %u characters",
			      num + 1, val, t.len - 1);
	else
		__modparm_err(kp, "value %u (\"%.64s\") is not %s",
			      num + 1, val, __modparm_what(t.letter));
	return err;
}

/*
 * The values, comma-separated, each formatted in a scratch page by the
 * element's own ops (they may write a page each).  A c<LEN> buffer is
 * shown up to its LEN, NUL or not.
 */
static int __maybe_unused __modparm_get(char *buffer,
					const struct kernel_param *kp)
{
	const struct obsolete_param *op = kp->arg;
	struct obsolete_param_type t;
	struct kernel_param p = *kp;
	unsigned int i;
	int off = 0, ret = 0;
	char *val;

	if (__modparm_parse(op->type, &t) ||
	    op->size < (u64)t.max * t.size)
		return -EINVAL;
	/* An __initdata variable is gone once the module's init has run. */
	if (!__modparm_in_core(op))
		return -ENODATA;
	val = kmalloc(PAGE_SIZE, GFP_KERNEL);
	if (!val)
		return -ENOMEM;
	for (i = 0; i < t.max; i++) {
		p.arg = (char *)op->addr + (size_t)i * t.size;
		if (t.letter == 'c')
			ret = scnprintf(val, PAGE_SIZE, "%.*s\n", (int)t.len,
					(char *)p.arg);
		else
			ret = __modparm_elem_ops(t.letter)->get(val, &p);
		if (ret < 0)
			break;
		if (ret > PAGE_SIZE - 1 - off) {
			ret = -EOVERFLOW;
			break;
		}
		/* Each value ends in '\n': make it the separator. */
		memcpy(buffer + off, val, ret);
		off += ret;
		if (i + 1 < t.max && off > 0)
			buffer[off - 1] = ',';
	}
	kfree(val);
	if (ret < 0)
		return ret;
	buffer[off] = '\0';
	return off;
}

static void __maybe_unused __modparm_free(void *arg)
{
	const struct obsolete_param *op = arg;
	struct obsolete_param_type t;
	unsigned int i;

	if (__modparm_parse(op->type, &t) || t.letter != 's' ||
	    op->size < (u64)t.max * t.size || !__modparm_in_core(op))
		return;
	for (i = 0; i < t.max; i++)
		param_free_charp((char **)op->addr + i);
}

/*
 * Marks the ops of this header in kernel_param_ops.flags, a bit the kernel
 * does not use (it tests KERNEL_PARAM_OPS_FL_NOARG only).  Each object
 * file has its own ops: the module's init_module() finds the obsolete
 * parameters of all its files by this bit, on ops in the module's memory.
 */
#define __MODPARM_OPS_FL_OBSOLETE	(1U << 31)

/* NOARG: a missing value gets our message, not a bare "invalid". */
static const struct kernel_param_ops __modparm_ops __maybe_unused = {
	.flags = KERNEL_PARAM_OPS_FL_NOARG | __MODPARM_OPS_FL_OBSOLETE,
	.set = __modparm_set,
	.get = __modparm_get,
	.free = __modparm_free,
};

#ifdef MODULE
/*
 * Make it warn first, when the module loads too.  A header cannot hook
 * the loader, so it takes the module's init: from here on init_module(...)
 * names the driver's own init, written the 2.4 way, "int init_module(void)
 * { ... }", or made by module_init(fn), which says "int init_module(void)
 * __copy(fn) __attribute__((alias("fn")))".  Renamed, it is declared weak:
 * a module without an init links, with NULL for it.  cleanup_module() is
 * left as it is.
 */
extern int __modparm_driver_init(void) __weak;
#define init_module(...)	__modparm_driver_init(__VA_ARGS__)

/*
 * The loader calls init_module() and cleanup_module() through pointers:
 * under IBT, a function objtool sees no pointer to loses its ENDBR when
 * the module loads, and the call faults.  module_init() and module_exit()
 * take their addresses; a 2.4 driver's cleanup_module() had nothing to.
 * Weak, so that a module without one still links.
 */
extern void cleanup_module(void) __weak;
___ADDRESSABLE(cleanup_module, __exitdata);

/*
 * Whether @kp is a MODULE_PARM() of this module, from any of its files:
 * this file's ops at once, another file's by the bit and the place.
 */
static bool __init __modparm_ours(const struct kernel_param *kp)
{
	return kp->ops == &__modparm_ops ||
	       ((kp->ops->flags & __MODPARM_OPS_FL_OBSOLETE) &&
		within_module((unsigned long)kp->ops, THIS_MODULE));
}

/*
 * Whether @a comes before @b in the source: by line, then by use on the
 * line (of one file; across files, the line decides, as in the series),
 * then by place in __param.
 */
static bool __init __modparm_before(const struct kernel_param *a,
				    const struct kernel_param *b)
{
	const struct obsolete_param *x = a->arg, *y = b->arg;

	if (x->line != y->line)
		return x->line < y->line;
	if (x->seq != y->seq)
		return x->seq < y->seq;
	return a < b;
}

/*
 * The warning names at most this many characters of names, then ", ...",
 * as in the series: so at most __MODPARM_NAMES_FIT names, of one letter
 * each, with ", " between.
 */
#define __MODPARM_NAMES_MAX	128
#define __MODPARM_NAMES_FIT	((__MODPARM_NAMES_MAX + 2) / 3)

/*
 * The first parameters in source order, kept while __param is walked, in
 * a ring that grows at either end: compilers lay __param out in source
 * order or backwards (gcc), and either way a record then takes a step or
 * two.  In any other order (#line, several files) a record may move them
 * all.
 */
#define __MODPARM_RING		64
static_assert(__MODPARM_RING >= __MODPARM_NAMES_FIT &&
	      !(__MODPARM_RING & (__MODPARM_RING - 1)));

struct __modparm_first {
	const struct kernel_param *q[__MODPARM_RING];
	unsigned int lo, n;
	bool more;
};

/* The @j-th of the parameters @f keeps, in source order. */
#define __modparm_at(f, j)	((f)->q[((f)->lo + (j)) % __MODPARM_RING])

static void __init __modparm_keep(struct __modparm_first *f,
				  const struct kernel_param *kp)
{
	unsigned int j;

	if (f->n == __MODPARM_NAMES_FIT) {
		f->more = true;
		if (!__modparm_before(kp, __modparm_at(f, f->n - 1)))
			return;
		f->n--;
	}
	if (!f->n || __modparm_before(kp, __modparm_at(f, 0))) {
		f->lo = (f->lo + __MODPARM_RING - 1) % __MODPARM_RING;
		f->q[f->lo] = kp;
		f->n++;
		return;
	}
	/* Not before the first: the walk back stops there at the latest. */
	for (j = f->n++; __modparm_before(kp, __modparm_at(f, j - 1)); j--)
		__modparm_at(f, j) = __modparm_at(f, j - 1);
	__modparm_at(f, j) = kp;
}

/*
 * One warning per module, naming its obsolete parameters in the order of
 * the source.  The same words as the series' loader, but for where to
 * read how to convert them.
 */
static void __init __modparm_warn(const struct __modparm_first *f)
{
	char names[__MODPARM_NAMES_MAX + sizeof(", ...")];
	bool more = f->more;
	unsigned int i;
	size_t len = 0;

	for (i = 0; i < f->n; i++) {
		const char *name = __modparm_at(f, i)->name;

		if (len + 2 + strlen(name) > __MODPARM_NAMES_MAX) {
			more = true;
			break;
		}
		len += scnprintf(names + len, sizeof(names) - len, "%s%s",
				 len ? ", " : "", name);
	}
	if (more)
		strscpy(names + len, len ? ", ..." : "...", sizeof(names) - len);
	pr_warn("%s: uses obsolete MODULE_PARM() for %s; see compat/README.md\n",
		THIS_MODULE->name, names);
}

/*
 * The init the loader calls.  Every file of the module that includes this
 * header defines it, weak: the linker keeps one, and it sees the
 * parameters of all the files through THIS_MODULE.  Before the driver's
 * init, as the series' loader does before any init: each record is
 * checked (type string, letter, room for MAX values, variable in the
 * module's memory), whether a value was given or not, and a bad one
 * refuses the module; then the warning.  One walk of __param does both:
 * a walk per name made the warning a visible part of a 256-parameter
 * load (bench/variants.sh).
 * -DMODPARM_QUIET does not silence the warning: it is for whoever loads
 * the module, who did not choose the flag.
 */
int __init __weak (init_module)(void)
{
	struct module *mod = THIS_MODULE;
	struct __modparm_first first = { };
	struct obsolete_param_type t;
	unsigned int i;
	int err = 0;

	for (i = 0; i < mod->num_kp; i++) {
		if (!__modparm_ours(&mod->kp[i]))
			continue;
		if (__modparm_decode(&mod->kp[i], &t))
			err = -EINVAL;
		else
			__modparm_keep(&first, &mod->kp[i]);
	}
	if (err)
		return err;
	if (first.n)
		__modparm_warn(&first);
	if (__modparm_driver_init)
		return __modparm_driver_init();
	/*
	 * The driver has no init: tell the loader so, or a module without
	 * cleanup_module() could no longer be unloaded (an init needs an exit).
	 */
	WRITE_ONCE(mod->init, NULL);
	return 0;
}
___ADDRESSABLE(init_module, __initdata);
#endif /* MODULE */

/**
 * MODULE_PARM - obsolete: declare a module parameter the Linux 2.4 way
 * @var: the variable, declared before this line
 * @_type: "[MIN[-MAX]]L", a string literal
 *
 * New code must use module_param(), module_param_array() or
 * module_param_string().  The parameter is read-only in sysfs, to root,
 * and a hardware parameter: under lockdown it cannot be set.
 */
#define MODULE_PARM(var, _type)						\
	__MODULE_PARM_TYPE(var, _type);					\
	__MODULE_PARM_CHECK(var, _type)					\
	static const struct obsolete_param __obsparm_##var		\
	__aligned(sizeof(void *)) = {					\
		.type = _type,						\
		.addr = (void *)&(var),					\
		.size = sizeof(var),					\
		.line = __LINE__,					\
		.seq = __COUNTER__,					\
		.class = __obsparm_class(var),				\
	};								\
	__module_param_call(MODULE_PARAM_PREFIX, var, &__modparm_ops,	\
			    .arg = (void *)&__obsparm_##var, 0400, 0,	\
			    KERNEL_PARAM_FL_HWPARAM)

#endif /* !MODULE_PARM */
#endif /* _COMPAT_MODPARM_H */
