// The container of @mantine/notifications by itself (aliased in vite.config.ts), for LazyNotifications.
declare module '@mantine/notifications/Notifications' {
  export { Notifications } from '@mantine/notifications';
}
