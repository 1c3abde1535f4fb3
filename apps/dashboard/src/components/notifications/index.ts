export { NotificationForm } from './NotificationForm';
export { SendToUserForm } from './SendToUserForm';
export { RedirectSelect, HOME } from './RedirectSelect';
export { TargetPicker, AudienceLine, targetLabel } from './TargetPicker';
export { dateTime } from './when';
export * from './queries';
