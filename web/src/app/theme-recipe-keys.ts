// The component recipes the client's theme carries (theme.ts): only those of components the app
// renders. tests/unit/theme-recipes.test.ts finds every recipe the app's Chakra components ask for
// and fails when one is missing here.
export const RECIPE_KEYS = [
  'badge',
  'button',
  'code',
  'container',
  'heading',
  'icon',
  'input',
  'inputAddon',
  'link',
  'radiomark',
  'separator',
  'skeleton',
  'spinner',
  'textarea',
] as const;

export const SLOT_RECIPE_KEYS = [
  'alert',
  'avatar',
  'card',
  'dataList',
  'dialog',
  'drawer',
  'emptyState',
  'field',
  'fieldset',
  'list',
  'menu',
  'nativeSelect',
  'popover',
  'progress',
  'radioGroup',
  'stat',
  'switch',
  'table',
  'tabs',
  'toast',
] as const;

export type RecipeKey = (typeof RECIPE_KEYS)[number];
export type SlotRecipeKey = (typeof SLOT_RECIPE_KEYS)[number];
