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
