/** Public API of the role switcher: the dashboards' header menu. */
export { CompactRoleSwitcher } from './CompactRoleSwitcher';
