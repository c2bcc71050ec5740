/** Public API of the role switcher (spec §3): the dashboards' header menu. */
export { CompactRoleSwitcher } from './CompactRoleSwitcher';
