import { defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { getSystem } from './index';

// Every source file of the app, as text (Vite's glob import; tests excluded).
const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Chakra components whose recipe key is not their own name (or that use more than one recipe). */
const EXTRA_RECIPES: Record<string, string[]> = {
  IconButton: ['button'],
  CloseButton: ['button'],
  Icon: ['icon'],
  createIcon: ['icon'],
  Toaster: ['toast'],
  Checkbox: ['checkmark'],
  RadioCard: ['radiomark'],
  RadioGroup: ['radiomark'],
  InputGroup: ['inputAddon'],
  InputAddon: ['inputAddon'],
};

/** Every name imported from '@chakra-ui/react' anywhere in src. */
function chakraImports(): Set<string> {
  const names = new Set<string>();
  for (const text of Object.values(SOURCES)) {
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name) names.add(name);
      }
    }
  }
  return names;
}

describe('the Chakra theme', () => {
  it('registers the recipe of every Chakra component the app imports', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(50);
    const defaults = { ...defaultConfig.theme?.recipes, ...defaultConfig.theme?.slotRecipes };
    const missing: string[] = [];
    for (const name of chakraImports()) {
      const own = name.charAt(0).toLowerCase() + name.slice(1);
      const keys = [...(own in defaults ? [own] : []), ...(EXTRA_RECIPES[name] ?? [])];
      for (const key of keys) if (!getSystem().hasRecipe(key)) missing.push(`${name} → ${key}`);
    }
    expect(missing).toEqual([]);
  });
});

describe('colour tokens', () => {
  it.each([
    ['colors.brand.50', '#eefaf7'],
    ['colors.brand.700', '#1b5e58'],
    ['colors.brand.950', '#0b2826'],
    ['colors.sun.300', '#f8bb76'],
    ['colors.ink.600', '#515d72'],
    ['colors.ink.950', '#131822'],
  ])('%s is %s', (path, hex) => {
    expect(getSystem().token(path)).toBe(hex);
  });

  it.each([
    [
      'brand',
      { solid: 'brand.700', contrast: 'white', fg: 'brand.700', muted: 'brand.100', subtle: 'brand.50', emphasized: 'brand.200', focusRing: 'brand.600' },
    ],
    ['sun', { solid: 'sun.300', contrast: 'brand.950', fg: 'sun.800', muted: 'sun.100', subtle: 'sun.50', emphasized: 'sun.200', focusRing: 'sun.300' }],
  ])('colorPalette="%s" keys point at the same steps', (palette, keys) => {
    const { tokens } = getSystem();
    for (const [key, target] of Object.entries(keys)) {
      const value = target === 'white' ? 'white' : `{colors.${target}}`;
      expect(tokens.getByName(`colors.${palette}.${key}`)?.originalValue).toBe(value);
    }
  });
});
