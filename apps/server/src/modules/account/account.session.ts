/** The guest session lives with the staff one in http/ (every call's access check reads it). */
export { guestIdOf, guestTokenOf, setGuestCookie } from '../../http/guest-session';
