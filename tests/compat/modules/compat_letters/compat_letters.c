// SPDX-License-Identifier: GPL-2.0
/*
 * compat_letters.c - 46 obsolete parameters of one letter each, more
 * than the 43 that fill the 128 characters the load warning names, and
 * out of order: each use has a #line of its own, as generated code has,
 * so __param runs neither forwards nor backwards in source order and the
 * header's init must sort while it walks it.  The last two uses share a
 * line: there the order of the uses on the line decides.
 */
#include <linux/module.h>

#line 200
static int a; MODULE_PARM(a, "i");
#line 234
static int b; MODULE_PARM(b, "i");
#line 268
static int c; MODULE_PARM(c, "i");
#line 210
static int d; MODULE_PARM(d, "i");
#line 244
static int e; MODULE_PARM(e, "i");
#line 278
static int f; MODULE_PARM(f, "i");
#line 220
static int g; MODULE_PARM(g, "i");
#line 254
static int h; MODULE_PARM(h, "i");
#line 288
static int i; MODULE_PARM(i, "i");
#line 230
static int j; MODULE_PARM(j, "i");
#line 264
static int k; MODULE_PARM(k, "i");
#line 206
static int l; MODULE_PARM(l, "i");
#line 240
static int m; MODULE_PARM(m, "i");
#line 274
static int n; MODULE_PARM(n, "i");
#line 216
static int o; MODULE_PARM(o, "i");
#line 250
static int p; MODULE_PARM(p, "i");
#line 284
static int q; MODULE_PARM(q, "i");
#line 226
static int r; MODULE_PARM(r, "i");
#line 260
static int s; MODULE_PARM(s, "i");
#line 202
static int t; MODULE_PARM(t, "i");
#line 236
static int u; MODULE_PARM(u, "i");
#line 270
static int v; MODULE_PARM(v, "i");
#line 212
static int w; MODULE_PARM(w, "i");
#line 246
static int x; MODULE_PARM(x, "i");
#line 280
static int y; MODULE_PARM(y, "i");
#line 222
static int z; MODULE_PARM(z, "i");
#line 256
static int A; MODULE_PARM(A, "i");
#line 290
static int B; MODULE_PARM(B, "i");
#line 232
static int C; MODULE_PARM(C, "i");
#line 266
static int D; MODULE_PARM(D, "i");
#line 208
static int E; MODULE_PARM(E, "i");
#line 242
static int F; MODULE_PARM(F, "i");
#line 276
static int G; MODULE_PARM(G, "i");
#line 218
static int H; MODULE_PARM(H, "i");
#line 252
static int I; MODULE_PARM(I, "i");
#line 286
static int J; MODULE_PARM(J, "i");
#line 228
static int K; MODULE_PARM(K, "i");
#line 262
static int L; MODULE_PARM(L, "i");
#line 204
static int M; MODULE_PARM(M, "i");
#line 238
static int N; MODULE_PARM(N, "i");
#line 272
static int O; MODULE_PARM(O, "i");
#line 214
static int P; MODULE_PARM(P, "i");
#line 248
static int Q; MODULE_PARM(Q, "i");
#line 282
static int R; MODULE_PARM(R, "i");
#line 241
static int T, S; MODULE_PARM(T, "i"); MODULE_PARM(S, "i");

#line 400
MODULE_DESCRIPTION("modparm test: the load warning of a module with 46 parameters, out of order");
MODULE_LICENSE("GPL");
