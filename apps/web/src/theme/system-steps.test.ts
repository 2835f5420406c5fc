import { createSystem, defaultBaseConfig } from '@chakra-ui/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Each test loads the theme module afresh: it keeps the system it builds.
async function freshTheme() {
  vi.resetModules();
  return import('./index');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Chakra system, built a step at a time (patches/@chakra-ui__react@3.37.0.patch)', () => {
  it('takes several steps, then gives the same system createSystem builds at once', async () => {
    const theme = await freshTheme();
    let steps = 0;
    while (!theme.buildSystemStep()) steps += 1;
    // Three configs cloned a step each, the merge, four token-dictionary steps, the rest.
    expect(steps).toBeGreaterThanOrEqual(8);
    const system = theme.getSystem();
    expect(theme.buildSystemStep()).toBe(true);
    expect(theme.getSystem()).toBe(system);
    // Same tokens and CSS as a system built in one go from the same configs.
    const reference = createSystem(defaultBaseConfig, system._config);
    expect(system.tokens.allTokens.map((t) => [t.name, t.value])).toEqual(
      reference.tokens.allTokens.map((t) => [t.name, t.value]),
    );
    expect(system.css({ color: 'brand.700', padding: '4' })).toEqual(
      reference.css({ color: 'brand.700', padding: '4' }),
    );
    expect(system._global).toEqual(reference._global);
  });

  it('computes the global styles when the page has none (client-rendered pages, the server)', async () => {
    const theme = await freshTheme();
    const global = theme.getSystem()._global;
    expect(global.length).toBe(3);
    expect(theme.getSystem().layers.atRule).toBe('@layer reset, base, tokens, recipes;');
    expect(JSON.stringify(global)).toContain('--chakra-colors-brand-700');
  });

  it('inserts no global styles when the page arrived with them (server or build-time markup)', async () => {
    const querySelector = vi.fn((selector: string) => (selector === 'style[data-emotion^="css-global "]' ? {} : null));
    vi.stubGlobal('document', { querySelector });
    const theme = await freshTheme();
    expect(theme.getSystem()._global).toEqual([]);
    // Nor the layers' order statement, sent with them.
    expect(theme.getSystem().layers.atRule).toBe('');
    expect(querySelector).toHaveBeenCalledWith('style[data-emotion^="css-global "]');
  });
});
