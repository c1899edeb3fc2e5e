// bench/web-size.ts: the route sizes follow Vite's manifest, and the checks that guard
// vite.config.ts's chunk group (the app's shell in one chunk) find what would break it.
import { describe, expect, it } from 'vitest';
import { chunkProblems, filesOf, manifestKey } from '../../bench/web-size.js';

const manifest = {
  'index.html': { file: 'assets/main.js', isEntry: true, imports: ['_app.js', '_react.js'] },
  'explorer.html': { file: 'assets/explorer.js', isEntry: true, imports: ['_react.js'] },
  '_app.js': { file: 'assets/app.js', name: 'app', imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js', name: 'react' },
  'src/page.tsx': { file: 'assets/page.js', imports: ['_app.js', '_page-part.js'], css: ['assets/page.css'] },
  '_page-part.js': { file: 'assets/page-part.js', name: 'page-part' },
};

describe('bench/web-size.ts', () => {
  it('counts a route as its chunks and their static imports, once each', () => {
    expect(filesOf(manifest, ['index.html', 'src/page.tsx']).sort()).toEqual(
      ['assets/app.js', 'assets/main.js', 'assets/page-part.js', 'assets/page.css', 'assets/page.js', 'assets/react.js'].sort(),
    );
  });

  it('finds a module made a shared chunk by its name', () => {
    expect(manifestKey(manifest, 'src/lib/page-part.ts')).toBe('_page-part.js');
  });

  it('passes chunks without a cycle, the explorer without the shell', () => {
    expect(chunkProblems(manifest)).toEqual([]);
  });

  it('reports a static import cycle', () => {
    const cyclic = { ...manifest, '_page-part.js': { file: 'assets/page-part.js', name: 'page-part', imports: ['src/page.tsx'] } };
    expect(chunkProblems(cyclic)).toEqual(['import cycle: src/page.tsx -> _page-part.js -> src/page.tsx']);
  });

  it("reports the explorer loading the app's shell", () => {
    const leaking = { ...manifest, 'explorer.html': { file: 'assets/explorer.js', isEntry: true, imports: ['_react.js', '_app.js'] } };
    expect(chunkProblems(leaking)).toEqual(["the explorer loads the app's shell: _app.js"]);
  });
});
