/**
 * Vite build plugin: the route-split chunks of the page being opened start downloading as soon as
 * the page's first paint is on screen (the HTML's own content or the app's frame), instead of
 * after the entry script has run. index.html gets a tiny inline script mapping URL
 * patterns to the chunk files (and their static imports) of that route's component, which it adds
 * as modulepreload links for `location.pathname`. Chunks the entry already preloads are left out.
 * Besides the TanStack route files (`src/routes/*.tsx?tsr-split=component`), `extra` maps URL
 * patterns to modules a route loads lazily at once (the dashboards per role), and `signedIn` lists
 * modules to preload when a stored session exists (the identity runtime a signed-in user needs).
 */
import { loadEnv, type Plugin } from 'vite';

interface Chunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
}

/** `artist.login` → ^/artist/login/?$ ; `dashboard.$role` → ^/dashboard/[^/]+/?$ ; `index` → ^/$ */
export function routeFilePattern(file: string): string {
  if (file === 'index') return '^/$';
  const segments = file.split('.').map((segment) => {
    const plain = segment.replace(/_$/, '');
    return plain.startsWith('$') ? '[^/]+' : plain.replace(/[^\w-]/g, '\\$&');
  });
  return `^/${segments.join('/')}/?$`;
}

/**
 * Inline JS that calls the page's `go()` at once, or, when `condition` (a JS expression) holds,
 * once the first contentful paint is on screen (a paint entry is reported once presented); a page
 * that cannot paint (a background tab) runs it after 3 s anyway. Shared with prerender-plugin.
 */
export function runGoAfterFirstPaintIf(condition: string, options: { first?: boolean } = {}): string {
  // `first`: in the paint observer's own task, so before loaders that wait with a task of their own.
  const onPaint = options.first ? 'run()' : 'setTimeout(run,0)';
  return (
    `var done=0;function run(){if(!done){done=1;go()}}` +
    `if(!(${condition}))run();else{setTimeout(run,3000);try{new PerformanceObserver(function(l){` +
    `if(l.getEntries().some(function(e){return e.name==='first-contentful-paint'}))${onPaint}})` +
    `.observe({type:'paint',buffered:true})}catch(e){run()}}`
  );
}

/** Modulepreload links created per task (see `add` in the head script). */
const LINKS_PER_TASK = 5;

/**
 * Inline JS calling `batch` (a JS function expression) with the array `list` (a JS expression) a
 * few items per task, the first at once: creating a request costs about 1 ms of the main thread
 * here (4 ms on Lighthouse's phone), so ≈ 20 at once made one long task. Shared with prerender-plugin.
 */
export function fewPerTask(list: string, batch: string): string {
  return (
    `(function(l,b,i){(function next(){b(l.slice(i,i+${LINKS_PER_TASK}));i+=${LINKS_PER_TASK};` +
    `if(i<l.length)setTimeout(next,0)})()})(${list},${batch},0)`
  );
}

export function routePreload(options: {
  extra?: Record<string, string>;
  signedIn?: {
    storageKey: string;
    modules: string[];
    /**
     * Modules preloaded only when the device already holds the signed-in user's local database
     * (an IndexedDB database named `databasePrefix` + the user id, lower-cased, with anything but
     * [a-z0-9_-] as `_`, + `--`): a returning device opens it at once for its first screen, while a
     * new device's first screen comes from the network, whose bandwidth these would share.
     */
    withDatabase?: { databasePrefix: string; modules: string[] };
    /**
     * The backend's URL (from the build's env): a signed-in load's first requests go there (the
     * session's profile, the first pages), so its connection is opened while the scripts load.
     */
    preconnect?: (env: Record<string, string>) => string;
  };
}): Plugin {
  let backendOrigin = '';
  return {
    name: 'bucket:route-preload',
    apply: 'build',
    configResolved(config) {
      const env = loadEnv(config.mode, typeof config.envDir === 'string' ? config.envDir : config.root, 'VITE_');
      const url = options.signedIn?.preconnect?.(env);
      backendOrigin = url ? new URL(url).origin : '';
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return undefined;
        const chunks = Object.values(ctx.bundle).filter(
          (c): c is Chunk & (typeof ctx.bundle)[string] => c.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (fileName: string, seen = new Set<string>()) => {
          if (seen.has(fileName)) return seen;
          seen.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, seen);
          return seen;
        };
        const eager = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [...closure(c.fileName)]));
        const filesOf = (match: (id: string) => boolean) => {
          const chunk = chunks.find((c) => c.moduleIds.some(match));
          return chunk ? [...closure(chunk.fileName)].filter((file) => !eager.has(file)) : [];
        };
        const routes: [string, string[]][] = [];
        for (const [pattern, module] of Object.entries(options.extra ?? {})) {
          routes.push([pattern, filesOf((id) => id.endsWith(module))]);
        }
        for (const chunk of chunks) {
          for (const id of chunk.moduleIds) {
            const route = /\/src\/routes\/([^/?]+)\.tsx\?tsr-split=component/.exec(id)?.[1];
            if (route) routes.push([routeFilePattern(route), filesOf((other) => other === id)]);
          }
        }
        const filesOfModules = (modules: string[]) => [
          ...new Set(modules.flatMap((module) => filesOf((id) => id.endsWith(module)))),
        ];
        const signedIn = filesOfModules(options.signedIn?.modules ?? []);
        const withDatabase = options.signedIn?.withDatabase;
        const databaseFiles = filesOfModules(withDatabase?.modules ?? []).filter((file) => !signedIn.includes(file));
        const script =
          `(function(){var r=${JSON.stringify(routes)},s=${JSON.stringify(signedIn)},p=location.pathname,f=[];` +
          `for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p))f=f.concat(r[i][1]);` +
          `var u=0;try{u=localStorage.getItem(${JSON.stringify(options.signedIn?.storageKey ?? '')})}catch(e){}if(u)f=f.concat(s);` +
          // A visitor's prerendered page paints from its HTML: its scripts only hydrate, so they
          // leave the network to the first paint and start once it is on screen (see prerender-plugin).
          `var lo=!u&&document.documentElement.hasAttribute('data-prerendered');` +
          // A few links per insertion, one insertion per task: creating a request costs about 1 ms of
          // the main thread here (4 ms on Lighthouse's phone), so ≈ 20 at once made one long task.
          `var add=function(files){${fewPerTask('files', "function(batch){var d=document.createDocumentFragment();batch.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';if(lo)l.fetchPriority='low';l.href='/'+h;d.appendChild(l)});document.head.appendChild(d)}")}};` +
          `var go=function(){add(f);${databaseFiles.length ? 'db()' : ''}};` +
          (backendOrigin
            ? `if(u){var c=document.createElement('link');c.rel='preconnect';c.href=${JSON.stringify(backendOrigin)};c.crossOrigin='';document.head.appendChild(c)}`
            : '') +
          // The local database's modules, when this device holds the user's database (or cannot tell).
          `var db=function(){var b=${JSON.stringify(databaseFiles)};if(!u)return;` +
          `try{var id=JSON.parse(u).user.id.toLowerCase().replace(/[^a-z0-9_-]/g,'_'),pre=${JSON.stringify(withDatabase?.databasePrefix ?? '')}+id+'--';` +
          `indexedDB.databases().then(function(l){if(l.some(function(x){return x.name&&x.name.indexOf(pre)===0}))add(b)},function(){add(b)})}catch(e){add(b)}};` +
          // Every page paints something before its route's chunks are needed: a prerendered page its
          // content, the bare shell its frame (styled inline). Creating ≈ 30 preload requests takes
          // tens of ms of the main thread, so they start once that paint is on screen, not before it.
          `${runGoAfterFirstPaintIf('1')}})()`;
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}
