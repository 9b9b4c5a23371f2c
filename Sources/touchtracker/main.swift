print("touchtracker")
