/** The associate's page title: apart from the page so the route's head does not load the page's code. */
export const MY_AFFILIATE_TITLE = 'Your affiliate page';
