/** The weekly engagement chart's height, shared by its lazy placeholder so nothing shifts. */
export const CHART_HEIGHT = 260;
