// Mantine's Alert alone, for Notice's lazy import.
export { Alert as default } from '@mantine/core';
