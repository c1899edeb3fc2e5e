// The Chakra system of the client: Chakra's default theme with only the recipes of the components
// the app renders (theme-recipe-keys.ts; the whole default set would add ~70 KB, 11 KB gzipped,
// to the first page's JavaScript), and the brand's colours on top.
import { createSystem, defaultBaseConfig, defineConfig, type RecipeDefinition, type SlotRecipeConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
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
  popoverSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';
import { CHART_PALETTE } from '../lib/chart-palette';
import type { RecipeKey, SlotRecipeKey } from './theme-recipe-keys';

/** The brand palette: primary buttons, links and highlights. */
export const PRIMARY_PALETTE = 'teal';

// Typed by the key lists: a key added there and not here (or here and not there) does not compile.
const recipes: Record<RecipeKey, RecipeDefinition> = {
  badge: badgeRecipe,
  button: buttonRecipe,
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
};

const slotRecipes: Record<SlotRecipeKey, SlotRecipeConfig> = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  card: cardSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  stat: statSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  toast: toastSlotRecipe,
};

/** Chakra's defaultConfig (preset.js: the base config merged with the default theme), minus the
 *  recipes of components the app does not use. Not merged here: createSystem merges its configs
 *  (each deep-cloned) itself, and merging this one first was a second clone and merge of the whole
 *  theme in a phone's start-up (~50 ms at 4x CPU slowdown). */
const defaultTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens, recipes, slotRecipes, textStyles, layerStyles, animationStyles },
});

const config = defineConfig({
  globalCss: {
    'html, body': { minHeight: '100%' },
    // A member who asks their system for less motion gets none: toasts, dialogs, menus and
    // popovers appear and leave at once. Transitions (the toasts' slide and fade, colour changes)
    // are off; the enter and leave animations of what opens and closes ([data-state] open or
    // closed) take 0.01 ms, so their animationend still fires and they unmount. Spinners and
    // skeletons keep their (infinite) animations: a loading state must still look alive.
    '*, *::before, *::after': {
      _motionReduce: { transitionDuration: '0s !important', transitionDelay: '0s !important', scrollBehavior: 'auto !important' },
    },
    '[data-state=open], [data-state=closed]': { _motionReduce: { animationDuration: '0.01ms !important', animationDelay: '0s !important' } },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
        body: { value: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
      },
    },
    semanticTokens: {
      // Text on these colours must reach WCAG AA (4.5:1). Chakra's defaults do not all do so:
      // white on teal.600 is 3.74:1, on green.600 3.3:1, on orange.600 3.56:1, a toast's
      // description on red.600 3.53:1, and the red.500 of field errors on white 3.76:1.
      colors: {
        teal: {
          // #0d6d66 (between Chakra's teal.600 and teal.700): 6.18:1 under white in both modes,
          // and still 4.98:1 in the lighter hover state (solid at 90 %).
          solid: { value: { _light: '#0d6d66', _dark: '#0d6d66' } },
          focusRing: { value: { _light: '{colors.teal.600}', _dark: '{colors.teal.400}' } },
        },
        // Toasts (their description is white at 80 %) and solid badges.
        red: { solid: { value: { _light: '{colors.red.700}', _dark: '{colors.red.700}' } } },
        green: { solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } } },
        orange: { solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.500}' } } },
        // The report charts' series colours (lib/chart-palette.ts): one role, a shade per mode.
        chart: Object.fromEntries(Object.entries(CHART_PALETTE).map(([name, shade]) => [name, { value: { _light: shade.light, _dark: shade.dark } }])),
        fg: {
          error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
        },
      },
    },
    recipes: {
      // One primary button: every solid button is teal unless it names another palette
      // (destructive actions say colorPalette="red"). Outline and ghost buttons stay neutral.
      button: {
        variants: {
          variant: {
            solid: { colorPalette: PRIMARY_PALETTE },
          },
        },
      },
      // One link colour: teal.fg (teal.700 on light, teal.300 on dark), underlined or on hover.
      link: {
        base: { colorPalette: PRIMARY_PALETTE },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, defaultTheme, config);
