// Made from the contract by guest-calls.make.ts (`npm run contract:guest-calls`): do not edit; guest-calls.test.ts
// fails while it differs. Zod-free: the guest app calls these; their types are the contract's.
import type { contract as c } from './index';
import { ref } from './call-ref';

/** Every call of the guest app, by the contract's resource and name. */
export const guestCalls = {
  config: {
    version: ref<typeof c.config.version>('GET', 'webapp/config/version', 'public'),
    public: ref<typeof c.config.public>('GET', 'webapp/config/public', 'public'),
  },
  files: {
    get: ref<typeof c.files.get>('GET', 'dashboard/files/get', 'public'),
    getImage: ref<typeof c.files.getImage>('GET', 'dashboard/files/get-image/:name', 'public'),
    getImageThumb: ref<typeof c.files.getImageThumb>('GET', 'dashboard/files/get-image/:name/:size', 'public'),
    getFile: ref<typeof c.files.getFile>('GET', 'dashboard/files/get-file/:name', 'public'),
  },
  logs: {
    insert: ref<typeof c.logs.insert>('POST', 'webapp/logs/insert', 'public'),
  },
  animations: {
    list: ref<typeof c.animations.list>('GET', 'webapp/animations/list', 'public'),
    find: ref<typeof c.animations.find>('GET', 'webapp/animations/find', 'public'),
  },
  animationDates: {
    list: ref<typeof c.animationDates.list>('GET', 'webapp/animation-dates/list', 'public'),
  },
  animationCategories: {
    list: ref<typeof c.animationCategories.list>('GET', 'webapp/animation-categories/list', 'public'),
  },
  themes: {
    current: ref<typeof c.themes.current>('GET', 'webapp/config/theme', 'public'),
  },
  logo: {
    get: ref<typeof c.logo.get>('GET', 'webapp/config/logo', 'public'),
  },
  modules: {
    list: ref<typeof c.modules.list>('GET', 'webapp/modules/list', 'public'),
  },
  menu: {
    get: ref<typeof c.menu.get>('GET', 'webapp/config/menu', 'public'),
  },
  groups: {
    list: ref<typeof c.groups.list>('GET', 'webapp/groups/list', 'public'),
  },
  categories: {
    list: ref<typeof c.categories.list>('GET', 'webapp/categories/list', 'public'),
    findByGroup: ref<typeof c.categories.findByGroup>('GET', 'webapp/categories/find-by-group', 'public'),
  },
  pages: {
    find: ref<typeof c.pages.find>('GET', 'webapp/pages/find', 'public'),
    findByCategory: ref<typeof c.pages.findByCategory>('GET', 'webapp/pages/find-by-category', 'public'),
    list: ref<typeof c.pages.list>('GET', 'webapp/pages/list', 'public'),
  },
  lists: {
    findByCategory: ref<typeof c.lists.findByCategory>('GET', 'webapp/lists/find-by-category', 'public'),
    list: ref<typeof c.lists.list>('GET', 'webapp/lists/list', 'public'),
  },
  account: {
    me: ref<typeof c.account.me>('GET', 'webapp/account/me', 'public'),
    signup: ref<typeof c.account.signup>('POST', 'webapp/account/signup', 'public'),
    activate: ref<typeof c.account.activate>('POST', 'webapp/account/activate', 'public'),
    resendActivation: ref<typeof c.account.resendActivation>('POST', 'webapp/account/resend-activation', 'public'),
    login: ref<typeof c.account.login>('POST', 'webapp/account/login', 'public'),
    logout: ref<typeof c.account.logout>('POST', 'webapp/account/logout', 'public'),
    passwordRequest: ref<typeof c.account.passwordRequest>('POST', 'webapp/account/password-request', 'public'),
    passwordReset: ref<typeof c.account.passwordReset>('POST', 'webapp/account/password-reset', 'public'),
    unsubscribePage: ref<typeof c.account.unsubscribePage>('GET', 'webapp/account/unsubscribe', 'public'),
    unsubscribe: ref<typeof c.account.unsubscribe>('POST', 'webapp/account/unsubscribe', 'public'),
    update: ref<typeof c.account.update>('POST', 'webapp/account/update', 'guest'),
  },
  notifications: {
    history: ref<typeof c.notifications.history>('GET', 'webapp/notifications/history', 'guest'),
    publicKey: ref<typeof c.notifications.publicKey>('GET', 'webapp/notifications/key', 'public'),
    subscribe: ref<typeof c.notifications.subscribe>('POST', 'webapp/notifications/subscribe', 'public'),
    unsubscribe: ref<typeof c.notifications.unsubscribe>('POST', 'webapp/notifications/unsubscribe', 'public'),
    opened: ref<typeof c.notifications.opened>('POST', 'webapp/notifications/opened', 'public'),
  },
  guestServices: {
    list: ref<typeof c.guestServices.list>('GET', 'webapp/services/list', 'public', 'premium'),
    find: ref<typeof c.guestServices.find>('GET', 'webapp/services/find', 'public', 'premium'),
    slots: ref<typeof c.guestServices.slots>('GET', 'webapp/services/slots', 'public', 'premium'),
    book: ref<typeof c.guestServices.book>('POST', 'webapp/services/book', 'guest', 'premium'),
    bookings: ref<typeof c.guestServices.bookings>('GET', 'webapp/services/bookings', 'guest'),
    cancel: ref<typeof c.guestServices.cancel>('POST', 'webapp/services/cancel', 'guest'),
    order: ref<typeof c.guestServices.order>('POST', 'webapp/services/order', 'guest', 'premium'),
  },
  guestInventories: {
    mine: ref<typeof c.guestInventories.mine>('GET', 'webapp/inventories/mine', 'guest', 'premium'),
    save: ref<typeof c.guestInventories.save>('POST', 'webapp/inventories/save', 'guest', 'premium'),
    comment: ref<typeof c.guestInventories.comment>('POST', 'webapp/inventories/comment', 'guest', 'premium'),
    addPicture: ref<typeof c.guestInventories.addPicture>('POST', 'webapp/inventories/add-picture', 'guest', 'premium'),
    deletePicture: ref<typeof c.guestInventories.deletePicture>('POST', 'webapp/inventories/delete-picture', 'guest', 'premium'),
    confirm: ref<typeof c.guestInventories.confirm>('POST', 'webapp/inventories/confirm', 'guest', 'premium'),
    picture: ref<typeof c.guestInventories.picture>('GET', 'webapp/inventories/picture', 'guest', 'premium'),
  },
  reviews: {
    form: ref<typeof c.reviews.form>('GET', 'webapp/reviews/form', 'public'),
    pending: ref<typeof c.reviews.pending>('GET', 'webapp/reviews/pending', 'guest'),
    submit: ref<typeof c.reviews.submit>('POST', 'webapp/reviews/submit', 'guest'),
    submitByToken: ref<typeof c.reviews.submitByToken>('POST', 'webapp/reviews/submit-by-token', 'public'),
  },
  deposits: {
    mine: ref<typeof c.deposits.mine>('GET', 'webapp/deposits/mine', 'guest', 'premium'),
  },
  chat: {
    mine: ref<typeof c.chat.mine>('GET', 'webapp/chat/conversations', 'guest'),
    thread: ref<typeof c.chat.thread>('POST', 'webapp/chat/thread', 'guest'),
    start: ref<typeof c.chat.start>('POST', 'webapp/chat/start', 'guest'),
    send: ref<typeof c.chat.send>('POST', 'webapp/chat/send', 'guest'),
    photo: ref<typeof c.chat.photo>('POST', 'webapp/chat/photo', 'guest'),
    guestPicture: ref<typeof c.chat.guestPicture>('GET', 'webapp/chat/picture', 'guest'),
    guestStream: ref<typeof c.chat.guestStream>('GET', 'webapp/chat/stream', 'guest'),
  },
};
