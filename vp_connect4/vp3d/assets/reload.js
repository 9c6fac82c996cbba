location.reload();  // the scene is made anew (a board of another size): the program resumes the game
