/** The page's name, apart from the page: the route's head is in every first load, the page is not. */
export const MY_ORDERS_TITLE = 'My orders';
