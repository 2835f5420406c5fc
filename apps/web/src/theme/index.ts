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
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
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
      list: listSlotRecipe,
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
        brand: {
          50: { value: '#eefaf7' },
          100: { value: '#d3f1ea' },
          200: { value: '#a9e2d6' },
          300: { value: '#73cbbb' },
          400: { value: '#43ad9d' },
          500: { value: '#289183' },
          600: { value: '#1d756b' },
          700: { value: '#1b5e58' },
          800: { value: '#1a4b47' },
          900: { value: '#173e3b' },
          950: { value: '#0b2826' },
        },
        sun: {
          50: { value: '#fff8ef' },
          100: { value: '#feedd6' },
          200: { value: '#fcd7ab' },
          300: { value: '#f8bb76' },
          400: { value: '#f4a05a' },
          500: { value: '#ee8433' },
          600: { value: '#d26a1f' },
          700: { value: '#a9501a' },
          800: { value: '#86401b' },
          900: { value: '#6d3619' },
          950: { value: '#3b190a' },
        },
        ink: {
          50: { value: '#f6f7f9' },
          100: { value: '#eceef2' },
          200: { value: '#d5dae2' },
          300: { value: '#b1bac8' },
          400: { value: '#8794a8' },
          500: { value: '#66748b' },
          600: { value: '#515d72' },
          700: { value: '#424c5d' },
          800: { value: '#394150' },
          900: { value: '#1f2633' },
          950: { value: '#131822' },
        },
      },
      radii: {
        card: { value: '1.25rem' },
      },
    },
    semanticTokens: {
      colors: {
        // colorPalette="brand" works with every Chakra recipe through these keys.
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.600}' },
        },
        sun: {
          solid: { value: '{colors.sun.300}' },
          contrast: { value: '{colors.brand.950}' },
          fg: { value: '{colors.sun.800}' },
          muted: { value: '{colors.sun.100}' },
          subtle: { value: '{colors.sun.50}' },
          emphasized: { value: '{colors.sun.200}' },
          focusRing: { value: '{colors.sun.300}' },
        },
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
