// The website's one script. The pages are complete HTML without it; it only adds what needs a
// script. Later additions (the analytics tracker) are installed here too, next to the toasts.
import "./site.css";
import { installErrorToasts } from "./error-toasts.js";

installErrorToasts();
