import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  comboboxSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme (`defaultConfig`) with only the recipes of the components this app uses.
 * The full set (~75 recipes, date and colour pickers, carousels...) weighed ~12 KB gzip of the
 * initial JavaScript (budget: apps/web/scripts/check-budget.mjs). Using another Chakra component
 * with a recipe? Add its recipe here; src/theme/recipes.test.ts fails until you do.
 */
/**
 * Chakra's colour palettes minus those no screen uses (yellow, teal, cyan, pink): each palette is ~25
 * tokens and CSS variables that createSystem processes at start-up and every page carries in its
 * `:root` styles. Alerts use red, orange, green and blue; badges gray, blue and purple.
 */
const UNUSED_PALETTES = new Set(['yellow', 'teal', 'cyan', 'pink']);
const withoutUnusedPalettes = <T extends Record<string, unknown>>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;

const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors) },
    semanticTokens: { ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors) },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      checkbox: checkboxSlotRecipe,
      combobox: comboboxSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioCard: radioCardSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

/** The steps of a colour scale, lightest to darkest, as Chakra's 50–950 tokens. */
const SCALE_STEPS = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'] as const;

type ElevenHexes = readonly [string, string, string, string, string, string, string, string, string, string, string];

function colorScale(hexes: ElevenHexes): Record<string, { value: string }> {
  return Object.fromEntries(SCALE_STEPS.map((step, i) => [step, { value: hexes[i] ?? '' }]));
}

/**
 * The semantic keys every Chakra recipe reads from `colorPalette`: muted, subtle and emphasized are always the
 * 100, 50 and 200 steps; solid, fg and focusRing name a step of the same scale, contrast is a literal colour.
 */
function paletteKeys(name: string, steps: { solid: string; contrast: string; fg: string; focusRing: string }): Record<string, { value: string }> {
  const ref = (step: string) => ({ value: `{colors.${name}.${step}}` });
  return {
    solid: ref(steps.solid),
    contrast: { value: steps.contrast },
    fg: ref(steps.fg),
    muted: ref('100'),
    subtle: ref('50'),
    emphasized: ref('200'),
    focusRing: ref(steps.focusRing),
  };
}

const fontStack = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';

/**
 * Ascenso's design tokens: a calm deep teal ("brand"), a warm sunrise accent ("sun") and a
 * slate-ink neutral for text. Every foreground/background pair used by the app meets WCAG AA.
 */
const config = defineConfig({
  theme: {
    recipes: {
      button: { base: { fontWeight: 'semibold' } },
    },
    tokens: {
      fonts: {
        heading: { value: fontStack },
        body: { value: fontStack },
      },
      colors: {
        brand: colorScale(['#eefaf7', '#d3f1ea', '#a9e2d6', '#73cbbb', '#43ad9d', '#289183', '#1d756b', '#1b5e58', '#1a4b47', '#173e3b', '#0b2826']),
        sun: colorScale(['#fff8ef', '#feedd6', '#fcd7ab', '#f8bb76', '#f4a05a', '#ee8433', '#d26a1f', '#a9501a', '#86401b', '#6d3619', '#3b190a']),
        ink: colorScale(['#f6f7f9', '#eceef2', '#d5dae2', '#b1bac8', '#8794a8', '#66748b', '#515d72', '#424c5d', '#394150', '#1f2633', '#131822']),
      },
      radii: {
        card: { value: '1.25rem' },
      },
    },
    semanticTokens: {
      colors: {
        // colorPalette="brand" works with every Chakra recipe through these keys.
        brand: paletteKeys('brand', { solid: '700', contrast: 'white', fg: '700', focusRing: '600' }),
        sun: paletteKeys('sun', { solid: '300', contrast: '{colors.brand.950}', fg: '800', focusRing: '300' }),
        // Chakra's default error red (red.500) is 3.8:1 on white; red.700 passes AA for small text.
        fg: { error: { value: '{colors.red.700}' } },
        canvas: { value: '#fbfaf7' },
        surface: { value: 'white' },
        heading: { value: '{colors.ink.950}' },
        text: { value: '{colors.ink.900}' },
        'text.muted': { value: '{colors.ink.600}' },
        'border.soft': { value: '{colors.ink.100}' },
        hero: { value: '{colors.brand.950}' },
        'hero.text': { value: '#e8f4f1' },
        'hero.muted': { value: '#bcd6d0' },
      },
      shadows: {
        card: { value: '0 1px 2px rgba(19, 24, 34, 0.04), 0 8px 24px -12px rgba(19, 24, 34, 0.12)' },
        raised: { value: '0 2px 4px rgba(19, 24, 34, 0.05), 0 18px 40px -18px rgba(11, 40, 38, 0.35)' },
      },
    },
  },
  globalCss: {
    html: {
      colorPalette: 'brand',
      scrollBehavior: 'smooth',
      // Chakra's inputs draw a 1px focus ring by default; 2px is easier to see everywhere.
      '--focus-ring-width': '2px',
      _motionReduce: { scrollBehavior: 'auto' },
    },
    body: {
      bg: 'canvas',
      color: 'text',
      fontFamily: 'body',
      lineHeight: '1.6',
      textRendering: 'optimizeLegibility',
    },
    '::selection': {
      bg: 'brand.200',
      color: 'brand.950',
    },
    // A visible focus ring for everything that does not bring its own (recipes override this).
    ':focus-visible': {
      outline: '3px solid',
      outlineColor: 'brand.600',
      outlineOffset: '2px',
    },
    // prefers-reduced-motion: reduce → no animations or transitions anywhere.
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
});

let system: SystemContext | undefined;

/**
 * The Chakra system (Chakra's public `createSystem`: its base config, the theme above with only the
 * recipes this app uses, then Ascenso's tokens), built on first use.
 */
export function getSystem(): SystemContext {
  system ??= createSystem(defaultBaseConfig, chakraTheme, config);
  return system;
}
