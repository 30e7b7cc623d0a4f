/** How many requests `wfd status` sends: said in its help, held to it by its test. */
export const STATUS_REQUESTS = 7;
