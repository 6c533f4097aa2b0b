import { Card, createTheme, type MantineColorsTuple, type TooltipProps } from '@mantine/core';

/** A deep carbon-market green, from mint to forest. */
const carbon: MantineColorsTuple = ['#e6f8f0', '#d2efe2', '#a6dec5', '#76cca6', '#4fbd8c', '#35b37b', '#25ad72', '#15985f', '#078753', '#007544'];

export const theme = createTheme({
  primaryColor: 'carbon',
  primaryShade: { light: 7, dark: 5 },
  colors: { carbon },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // The product's tooltip delay: 700 ms. A plain object, not Tooltip.extend: that import would put
    // Tooltip and floating-ui into the entry chunk of every page.
    Tooltip: { defaultProps: { openDelay: 700 } satisfies Partial<TooltipProps> },
    Card: Card.extend({ defaultProps: { shadow: 'xs' } }),
  },
});
