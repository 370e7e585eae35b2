import { defaultStyles } from 'react-json-view-lite';

/**
 * The tree's classes, styled in app.css with the app's theme colours: the library's own light
 * palette falls below WCAG AA contrast for numbers and booleans, and has no dark variant that
 * follows the app's theme switch.
 */
export const treeStyles: typeof defaultStyles = {
  ...defaultStyles,
  container: 'json-tree',
  basicChildStyle: 'json-child',
  childFieldsContainer: 'json-children',
  label: 'json-label',
  clickableLabel: 'json-label json-clickable',
  nullValue: 'json-null',
  undefinedValue: 'json-null',
  stringValue: 'json-string',
  booleanValue: 'json-boolean',
  numberValue: 'json-number',
  otherValue: 'json-other',
  punctuation: 'json-punctuation',
  collapseIcon: 'json-icon json-collapse',
  expandIcon: 'json-icon json-expand',
  collapsedContent: 'json-collapsed',
};
