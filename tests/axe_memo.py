"""axe-core's memo caches made constant-time: the same results in less time.

axe memoizes its functions of a page's nodes (``isVisibleOnScreen(vNode,
isAncestor)``, ``isHiddenSelf``, ``isVisibleToScreenReaders``, ``isInertSelf``,
``getScroll``, ...) with the ``memoizee`` package. For arguments that are objects,
memoizee keeps its keys in arrays and finds them with a linear ``indexOf``: every
lookup scans every node seen so far, quadratic in the 26 000 elements of a chapter
page (15 000 of them MathJax's). That scan was a sixth of the samples of Chromium's
profiler in axe's run on chapter 3; without the profiler, ``check_axe`` takes 9-21 %
less time on a chapter page with these caches (12.6 % over the six chapters in three
modes in tests/test_site.py, 21 % on chapter 3); benchmarks/axe_equivalence.py has
the timings of every page and mode and the proof that the results are the same.

``memo_patched(source)`` swaps, in axe's minified bundle, memoizee's two resolvers
for object keys (one argument: ``get-1``; a fixed number: ``get-fixed``) for ones
keyed by ``Map``: same contract (``get`` returns the id stored for these arguments
or null; ``set`` stores a new id; ``delete``; ``clear``), same key equality (Map's
SameValueZero, like memoizee's NaN-aware ``indexOf``: NaN finds NaN, +0 finds -0).
The text replaced must be found exactly once: an axe upgrade that changes it fails
loudly here instead of silently running the slow caches again.
"""

from __future__ import annotations

# memoizee's normalizers get-1 and get-fixed (lib/normalizers/), as minified in
# axe-core 4.12.1's axe.min.js.
GET_1 = (
    "ha=e(function(e,t){var a=fa();t.exports=function(){var t=0,n=[],r=[];"
    "return{get:function(e){e=a.call(n,e[0]);return-1===e?null:r[e]},"
    "set:function(e){return n.push(e[0]),r.push(++t),t},"
    "delete:function(e){e=a.call(r,e);-1!==e&&(n.splice(e,1),r.splice(e,1))},"
    "clear:function(){n=[],r=[]}}}})"
)
GET_FIXED = (
    "ga=e(function(e,t){var s=fa(),n=Object.create;t.exports=function(i){"
    "var a=0,l=[[],[]],u=n(null);return{get:function(e){for(var t,n=0,r=l;n<i-1;)"
    "{if(-1===(t=s.call(r[0],e[n])))return null;r=r[1][t],++n}"
    "return-1!==(t=s.call(r[0],e[n]))&&r[1][t]||null},"
    "set:function(e){for(var t,n=0,r=l;n<i-1;)-1===(t=s.call(r[0],e[n]))"
    "&&(t=r[0].push(e[n])-1,r[1].push([[],[]])),r=r[1][t],++n;"
    "return-1===(t=s.call(r[0],e[n]))&&(t=r[0].push(e[n])-1),r[1][t]=++a,u[a]=e,a},"
    "delete:function(e){for(var t,n=0,r=l,a=[],o=u[e];n<i-1;)"
    "{if(-1===(t=s.call(r[0],o[n])))return;a.push(r,t),r=r[1][t],++n}"
    "if(-1!==(t=s.call(r[0],o[n]))){for(e=r[1][t],r[0].splice(t,1),r[1].splice(t,1);"
    "!r[0].length&&a.length;)t=a.pop(),(r=a.pop())[0].splice(t,1),r[1].splice(t,1);"
    "delete u[e]}},clear:function(){l=[[],[]],u=n(null)}}}})"
)

# One argument: a Map from it to its id, and back for delete.
MAP_1 = """ha=e(function(e,t){t.exports=function(){
  let last = 0, ids = new Map(), keys = new Map();
  return {
    get: args => { const id = ids.get(args[0]); return id === undefined ? null : id; },
    set: args => { ids.set(args[0], ++last); keys.set(last, args[0]); return last; },
    delete: id => { if (keys.has(id)) { ids.delete(keys.get(id)); keys.delete(id); } },
    clear: () => { ids = new Map(); keys = new Map(); },
  };
}})"""

# n arguments: a tree of Maps, one level per argument, the last level's values ids;
# ``args`` keeps each id's arguments for delete, which prunes emptied levels.
MAP_FIXED = """ga=e(function(e,t){t.exports=function(n){
  let last = 0, root = new Map(), args = new Map();
  return {
    get: a => {
      let level = root;
      for (let k = 0; k < n - 1; k++) {
        level = level.get(a[k]);
        if (level === undefined) { return null; }
      }
      return level.get(a[n - 1]) || null;
    },
    set: a => {
      let level = root;
      for (let k = 0; k < n - 1; k++) {
        let next = level.get(a[k]);
        if (next === undefined) { next = new Map(); level.set(a[k], next); }
        level = next;
      }
      level.set(a[n - 1], ++last);
      args.set(last, a);
      return last;
    },
    delete: id => {
      const a = args.get(id), path = [];
      if (a === undefined) { return; }
      let level = root;
      for (let k = 0; k < n - 1; k++) {
        path.push(level);
        level = level.get(a[k]);
        if (level === undefined) { return; }
      }
      if (level.get(a[n - 1]) !== id) { return; }
      level.delete(a[n - 1]);
      for (let k = n - 2; k >= 0 && !level.size; k--) {
        level = path.pop();
        level.delete(a[k]);
      }
      args.delete(id);
    },
    clear: () => { root = new Map(); args = new Map(); },
  };
}})"""

PATCHES = (
    ("memoizee's get-1", GET_1, MAP_1),
    ("memoizee's get-fixed", GET_FIXED, MAP_FIXED),
)


def memo_patched(source):
    """axe's bundle ``source`` with memoizee's object-keyed caches on Maps.

    Raises ``ValueError`` naming the resolver when its minified text is not found
    exactly once (another axe version): update or drop the patch then.
    """
    for name, old, new in PATCHES:
        found = source.count(old)
        if found != 1:
            raise ValueError(
                f"axe-core bundle: {name} found {found} times, not once; "
                "a new axe version? update tests/axe_memo.py or drop the patch"
            )
        source = source.replace(old, new)
    return source
