/* Forgot its main. */
class NoMain {
    static void run(String[] args) {
    }
}
