// Mantine's Tooltip alone, for AppLayout to load after the first screen (it brings floating-ui):
// only a desktop's sidebar and header show tooltips, and a phone never loads it.
export { Tooltip } from '@mantine/core';
